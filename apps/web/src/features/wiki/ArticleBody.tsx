import { videoClock } from '@linkwatch/shared';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { Spinner } from '@/ui/Spinner.tsx';
import { useVideo } from './api/wiki.ts';

const VIDEO = /<div class="wiki-video" data-video-id="(\d+)"><\/div>/;

/**
 * A video that loads nothing from its provider until the reader presses play. Before that it shows what
 * our own server knows of it (`GET video/{id}`): the operator's poster, or a neutral frame (never the
 * provider's thumbnail, which would be a request to them), its title and length, and a play button
 * named after it.
 */
export function VideoEmbed({ id }: { id: number }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const video = useVideo(id);
  const data = video.data?.data.attributes;
  // A deleted video's embed line shows nothing, as on the server-written page (wiki.pages.ts).
  if (isApiError(video.error, 404)) return null;
  if (playing && data)
    return (
      <figure className="my-4">
        {data.provider === 'file' ? (
          // biome-ignore lint/a11y/useMediaCaption: the operator's upload carries no caption track
          <video
            className="aspect-video w-full rounded-lg bg-black"
            src={data.embedUrl}
            poster={data.poster ?? undefined}
            title={data.title}
            controls
            autoPlay
          />
        ) : (
          <iframe
            className="aspect-video w-full rounded-lg"
            src={data.embedUrl}
            title={data.title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        )}
        <VideoCaption title={data.title} duration={data.duration} />
      </figure>
    );
  return (
    <figure className="my-4" data-video={id}>
      <div className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-slate-800 to-slate-950 text-white">
        {data?.poster ? (
          <img src={data.poster} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
        ) : null}
        {video.isError ? (
          <p role="alert" className="relative rounded bg-slate-900/80 px-3 py-1">
            {t('wiki.reader.videoError')}
          </p>
        ) : !data ? (
          <Spinner className="relative size-8" label={t('common.loading')} />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="relative flex size-16 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            aria-label={t('wiki.reader.play', { title: data.title })}
          >
            <Play className="ml-1 size-7" aria-hidden />
          </button>
        )}
      </div>
      {data ? <VideoCaption title={data.title} duration={data.duration} /> : null}
    </figure>
  );
}

function VideoCaption({ title, duration }: { title: string; duration: number | null }) {
  const { t } = useTranslation();
  return (
    <figcaption className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-semibold text-ink">{title}</span>
      {duration ? (
        <span className="text-ink-subtle">
          <span className="sr-only">
            {t('wiki.reader.videoDuration', { duration: videoClock(duration) })}
          </span>
          <time aria-hidden dateTime={`PT${Math.floor(duration / 60)}M${duration % 60}S`}>
            {videoClock(duration)}
          </time>
        </span>
      ) : null}
    </figcaption>
  );
}

/**
 * An article's HTML as the server sanitised it (markdown-it + sanitize-html allow-list), with each
 * video placeholder turned into a player that loads on play.
 */
export function ArticleBody({ html }: { html: string }) {
  const parts = html.split(VIDEO);
  return (
    <div className="wiki-prose">
      {parts.map((part, i) =>
        // The parts of one split string, in a fixed order: their position is their identity.
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed split of one string
          <VideoEmbed key={`v${i}`} id={Number(part)} />
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitiser's output (wiki.render.ts)
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed split of one string
          <div key={`h${i}`} dangerouslySetInnerHTML={{ __html: part }} />
        ),
      )}
    </div>
  );
}
