import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLocale, WIKI_SECTIONS } from '@linkwatch/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import matter from 'gray-matter';
import type { Queryable } from '../../db/client.ts';
import { claimSeed, insertSeedArticle, seededKeys } from './wiki.queries.ts';

/** The product's own help content, shipped with it: `content/<locale>/<section>/<NN>-<slug>.md`. */
export const WIKI_CONTENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content');

export interface SeedFile {
  file: string;
  groupKey: string;
  locale: string;
  section: number;
  slug: string;
  title: string;
  description: string;
  content: string;
  more: string | null;
  category: string | null;
  tags: string[];
  publishedAt: Date;
}

const FILE_NAME = /^\d+-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;

/** Every seed file under `dir`, parsed (front matter by gray-matter); a malformed one is an error. */
export async function readSeedFiles(dir = WIKI_CONTENT_DIR): Promise<SeedFile[]> {
  const files: SeedFile[] = [];
  const locales = await readdir(dir).catch(() => [] as string[]);
  for (const locale of locales.filter(isLocale).sort()) {
    for (const section of WIKI_SECTIONS) {
      const sectionDir = path.join(dir, locale, section.slug);
      const names = await readdir(sectionDir).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const slug = FILE_NAME.exec(name)?.[1];
        if (!slug) continue;
        const file = path.join(sectionDir, name);
        const { data, content } = matter(await readFile(file, 'utf8'));
        const publishedAt = new Date(data.publishedAt);
        if (
          typeof data.group !== 'string' ||
          typeof data.title !== 'string' ||
          Number.isNaN(publishedAt.getTime())
        )
          throw new Error(`${file}: the front matter needs group, title and publishedAt`);
        files.push({
          file,
          groupKey: data.group,
          locale,
          section: section.id,
          slug,
          title: data.title,
          description: typeof data.description === 'string' ? data.description : '',
          content: content.trim(),
          more: null,
          category: typeof data.category === 'string' ? data.category : null,
          tags: Array.isArray(data.tags) ? data.tags.map(String) : [],
          publishedAt,
        });
      }
    }
  }
  return files;
}

/**
 * Loads the seed files not loaded before, on either database, at every start: each group and language
 * once (recorded in `wiki_seeds` in the same transaction), so an article an operator edited or deleted
 * stays as they left it, and a file a later version adds is loaded on its first start. Two processes
 * starting at once load each file once (the seed row is claimed first).
 */
export async function seedWiki(db: Queryable, options: { dir?: string; log?: Logger } = {}) {
  const files = await readSeedFiles(options.dir);
  const done = new Set((await seededKeys(db)).map((k) => `${k.groupKey}/${k.locale}`));
  let loaded = 0;
  for (const file of files.filter((f) => !done.has(`${f.groupKey}/${f.locale}`))) {
    await db.transaction(async (tx) => {
      if (!(await claimSeed(tx, file.groupKey, file.locale))) return;
      await insertSeedArticle(tx, {
        groupKey: file.groupKey,
        locale: file.locale,
        section: file.section,
        slug: file.slug,
        title: file.title,
        description: file.description,
        content: file.content,
        more: file.more,
        category: file.category,
        tags: file.tags,
        status: 'published',
        publishedAt: file.publishedAt,
      });
      loaded += 1;
    });
  }
  if (loaded > 0) options.log?.info({ loaded }, 'wiki: seed articles loaded');
  return { loaded, files: files.length };
}
