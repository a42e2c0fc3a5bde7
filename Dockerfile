# Linkwatch: one image for every role (ROLE=api, worker or all). See docs/deploy.md.
#   docker build -t linkwatch .
#   docker run --env-file /etc/linkwatch/linkwatch.env -e ROLE=api -p 3000:3000 linkwatch
# The server runs its TypeScript through tsx (a production dependency); only the web app is built.

# 1. Build the web app (Vite) with every dependency, dev ones included.
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/checker/package.json packages/checker/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The runtime: the server's production dependencies only (no Vite, no Playwright test runner).
FROM node:22-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# Rendered checks and evidence screenshots (issue 31) drive Debian's headless Chromium (`chromium-headless-shell`) through playwright-core, which
# downloads no browser: RENDER_CHROMIUM_PATH's default is where Debian puts it. Pages are rendered without
# web fonts (never loaded), so the system's fonts draw their text: Liberation (Arial, Times, Courier
# metrics), DejaVu (Latin, Cyrillic, Greek), Noto CJK (Chinese, Japanese, Korean). About 400 MB more;
# `--build-arg WITH_CHROMIUM=0` leaves them out for an image that runs with RENDER_BROWSERS=0.
ARG WITH_CHROMIUM=1
RUN if [ "$WITH_CHROMIUM" = 1 ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation fonts-dejavu-core fonts-noto-cjk \
      && rm -rf /var/lib/apt/lists/* \
      && chromium-headless-shell --version; \
    fi
ENV RENDER_CHROMIUM_PATH=/usr/lib/chromium/chromium-headless-shell
WORKDIR /app
# npm ci needs every workspace's package.json to read the lock file; it installs the server's tree only.
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages/shared/package.json packages/shared/tsconfig.json packages/shared/
COPY packages/checker/package.json packages/checker/tsconfig.json packages/checker/
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @linkwatch/server --no-audit --no-fund \
 && npm cache clean --force
COPY packages/shared/src packages/shared/src
COPY packages/checker/src packages/checker/src
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR holds generated exports (and saved mails when SMTP_URL is unset); nothing else on PostgreSQL.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
WORKDIR /app/apps/server
EXPOSE 3000
# A worker serves no HTTP: it counts as healthy while it runs.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD [ "$ROLE" = "worker" ] || node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node --import tsx, not the tsx CLI: the server is PID 1 and gets SIGTERM itself (it stops within 10 s).
CMD ["node", "--import", "tsx", "src/main.ts"]
