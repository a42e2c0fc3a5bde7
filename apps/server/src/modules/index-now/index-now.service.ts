import type { Checker } from '@linkwatch/checker';
import { translate } from '@linkwatch/shared/i18n';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { keyFileUrl, newIndexNowKey } from '../../providers/indexing/indexnow-key.ts';
import type { IndexNowKey } from '../../providers/indexing/types.ts';
import {
  findOwnedProjectKey,
  findProjectKey,
  type ProjectKeyRow,
  setVerifiedAt,
  storeKeyUnlessSet,
} from './index-now.queries.ts';
import { checkKeyFile, problemText } from './key-file.ts';

/** A project's key as the screens show it. */
export interface ProjectKey {
  projectId: number;
  key: string;
  keyFileUrl: string;
  verifiedAt: Date | null;
}

/** The user's project key, made on the first read. */
export async function projectIndexNowKey(
  db: Db,
  params: { userId: number; projectId: number },
): Promise<ProjectKey> {
  const project = await findOwnedProjectKey(db, params);
  if (!project) throw notFound();
  return presentable(project, await keyOf(db, project));
}

/**
 * Looks for the key file on the project's main domain. Found: the time is stored. Not found: the stored
 * time is cleared (the next submission checks again) and the user is told what was wrong (422).
 */
export async function verifyProjectKeyFile(
  ctx: { db: Db; checker: Checker },
  params: { userId: number; projectId: number },
): Promise<ProjectKey> {
  const project = await findOwnedProjectKey(ctx.db, params);
  if (!project) throw notFound();
  const key = await keyOf(ctx.db, project);
  const host = project.mainDomain;
  const check = await checkKeyFile(ctx.checker, { host, key });
  const verifiedAt = check.ok ? new Date() : null;
  await setVerifiedAt(ctx.db, { projectId: project.id, verifiedAt });
  if (!check.ok) {
    const problem = problemText(check, { host, key });
    throw new AppError('invalid', problem.key, problem.params);
  }
  return presentable({ ...project, indexNowVerifiedAt: verifiedAt }, key);
}

export type ReadyIndexNowKey = { ok: true; key: IndexNowKey } | { ok: false; message: string };

/**
 * The key to submit the URLs of `host` with (the add-to-index task, before a host's first submission):
 * made if missing; trusted when `host` is the project's main domain and its file was found before;
 * otherwise its file is looked for on `host` now (and the time stored when that is the main domain).
 * `message` is English, for the task item's error.
 */
export async function readyIndexNowKey(
  ctx: { db: Db; checker: Checker },
  params: { projectId: number; host: string },
): Promise<ReadyIndexNowKey> {
  const project = await findProjectKey(ctx.db, params.projectId);
  if (!project) return { ok: false, message: `Project ${params.projectId} no longer exists` };
  const key = await keyOf(ctx.db, project);
  const isMainDomain = params.host.toLowerCase() === project.mainDomain.toLowerCase();
  if (isMainDomain && project.indexNowVerifiedAt) return { ok: true, key: { key } };

  const check = await checkKeyFile(ctx.checker, { host: params.host, key });
  if (isMainDomain && check.ok)
    await setVerifiedAt(ctx.db, { projectId: project.id, verifiedAt: new Date() });
  if (check.ok) return { ok: true, key: { key } };
  const problem = problemText(check, { host: params.host, key });
  return { ok: false, message: translate('en', problem.key, problem.params) };
}

async function keyOf(db: Db, project: ProjectKeyRow): Promise<string> {
  if (project.indexNowKey) return project.indexNowKey;
  const key = await storeKeyUnlessSet(db, { projectId: project.id, key: newIndexNowKey() });
  if (!key) throw notFound();
  return key;
}

function presentable(project: ProjectKeyRow, key: string): ProjectKey {
  return {
    projectId: project.id,
    key,
    keyFileUrl: keyFileUrl({ host: project.mainDomain, key }),
    verifiedAt: project.indexNowVerifiedAt,
  };
}
