import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../../db/schema/index.ts';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { byteRange } from './wiki-range.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUserWithToken>>;
let reader: Awaited<ReturnType<typeof makeUserWithToken>>;

// A small limit from configuration, so "too large" costs half a megabyte, not two hundred.
beforeAll(async () => {
  t = await createTestApp({ env: { WIKI_VIDEO_MAX_MB: '0.5' } });
  admin = await makeUserWithToken(t.db, { isAdmin: true });
  reader = await makeUserWithToken(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** An ISO base media box: size, type, body. */
const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** An MP4 as its bytes say (an `ftyp` box of brand isom), with a media box of counting bytes. */
const MP4 = Buffer.concat([
  box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
  box('mdat', Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251))),
]);
/** A WebM's EBML header (DocType webm). */
const WEBM = Buffer.concat([
  Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'),
  Buffer.alloc(200, 1),
]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function upload({
  url,
  filename,
  content,
  token = admin.token,
}: {
  url: string;
  filename: string;
  content: Buffer;
  token?: string;
}) {
  const boundary = `----video${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/${url}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      'x-localization': 'en',
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin.token) =>
  t.api(method, `admin/${url}`, { token, body });

describe('uploading a video file', () => {
  it('refuses a non-operator (403) and a stranger (401)', async () => {
    expect(
      (await upload({ url: 'videos/files', filename: 'a.mp4', content: MP4, token: reader.token })).status,
    ).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/videos/files' });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.api('GET', 'admin/videos', { token: reader.token })).status).toBe(403);
    expect(
      (await write('PUT', 'videos/1', { title: 'x', provider: 'youtube', externalId: 'a' }, reader.token))
        .status,
    ).toBe(403);
    expect((await write('DELETE', 'videos/1', undefined, reader.token)).status).toBe(403);
  });

  it('judges a file by its bytes: an image named .mp4 is refused, a WebM named .bin is taken', async () => {
    const fake = await upload({ url: 'videos/files', filename: 'clip.mp4', content: PNG });
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file).toEqual(['Only MP4 and WebM videos can be uploaded.']);
    const text = await upload({
      url: 'videos/files',
      filename: 'clip.webm',
      content: Buffer.from('not a video at all'),
    });
    expect(text.status).toBe(422);
    const webm = await upload({ url: 'videos/files', filename: 'clip.bin', content: WEBM });
    expect(webm.status).toBe(200);
    expect(webm.body.data.attributes).toMatchObject({ mime: 'video/webm', size: WEBM.length });
  });

  it('refuses a file over the configured limit with a field error naming it', async () => {
    const big = await upload({
      url: 'videos/files',
      filename: 'big.mp4',
      content: Buffer.concat([MP4, Buffer.alloc(600 * 1024)]),
    });
    expect(big.status).toBe(422);
    expect(big.body.errors.file).toEqual(['The video is larger than 0.5 MB.']);
    const empty = await upload({ url: 'videos/files', filename: 'empty.mp4', content: Buffer.alloc(0) });
    expect(empty.status).toBe(422);
  });
});

describe('serving a video file', () => {
  let url: string;
  beforeAll(async () => {
    const res = await upload({ url: 'videos/files', filename: 'tour.mp4', content: MP4 });
    expect(res.status).toBe(200);
    url = res.body.data.attributes.url;
    expect(url).toMatch(/^\/api\/wiki\/video-files\/\d+$/);
  });

  it('sends the whole file, long-cached, saying it takes ranges', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(MP4)).toBe(true);
  });

  it('lets the page frame the privacy players of YouTube and Vimeo (after play), and no other host', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/api/wiki/sections' })).headers[
      'content-security-policy'
    ] as string;
    const frames = csp.split(';').find((d) => d.trim().startsWith('frame-src')) ?? '';
    expect(frames).toContain('https://www.youtube-nocookie.com/embed/');
    expect(frames).toContain('https://player.vimeo.com/video/');
    expect(frames).not.toMatch(/www\.youtube\.com|\*/);
  });

  it('answers a Range request with 206 and just those bytes, so a player can seek', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${MP4.length}`);
    expect(Number(res.headers['content-length'])).toBe(100);
    expect(res.rawPayload.equals(MP4.subarray(100, 200))).toBe(true);

    const open = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${MP4.length - 10}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(MP4.subarray(MP4.length - 10))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-7' } });
    expect(tail.headers['content-range']).toBe(`bytes ${MP4.length - 7}-${MP4.length - 1}/${MP4.length}`);
    expect(tail.rawPayload.equals(MP4.subarray(MP4.length - 7))).toBe(true);

    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${MP4.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${MP4.length}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/wiki/video-files/2147483' })).statusCode).toBe(
      404,
    );
  });

  it('reads the Range header as RFC 9110 says', () => {
    expect(byteRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(byteRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(byteRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(byteRange('items=0-1', 10)).toBeNull();
  });
});

describe('videos as operators keep them', () => {
  it('creates, lists, changes and deletes a file video with a poster, each change audited with its operator', async () => {
    const file = await upload({ url: 'videos/files', filename: 'v.mp4', content: MP4 });
    const poster = await upload({ url: 'wiki/images', filename: 'poster.png', content: PNG });
    expect(poster.status).toBe(200);
    // A file video needs its upload; an unknown upload or poster is refused.
    expect((await write('POST', 'videos', { title: 'x', provider: 'file' })).body.errors).toHaveProperty(
      'fileId',
    );
    expect((await write('POST', 'videos', { title: 'x', provider: 'file', fileId: 2147483 })).status).toBe(
      422,
    );
    const created = await write('POST', 'videos', {
      title: 'Reading a report',
      provider: 'file',
      fileId: file.body.data.id,
      posterImageId: poster.body.data.id,
      duration: 95,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data.attributes).toMatchObject({
      fileId: file.body.data.id,
      fileUrl: file.body.data.attributes.url,
      posterImageId: poster.body.data.id,
      createdBy: admin.user.id,
    });

    const read = await t.api('GET', `video/${id}`);
    expect(read.body.data.attributes).toMatchObject({
      title: 'Reading a report',
      provider: 'file',
      embedUrl: file.body.data.attributes.url,
      poster: poster.body.data.attributes.url,
      duration: 95,
    });
    const list = await t.api('GET', 'admin/videos?filter[query]=reading%20a', { token: admin.token });
    expect(list.body.data.map((v: { id: number }) => v.id)).toEqual([id]);

    // Turned into a YouTube video: the uploaded file nobody uses any more goes.
    const changed = await write('PUT', `videos/${id}`, {
      title: 'Reading a report, again',
      provider: 'youtube',
      externalId: 'dQw4w9WgXcQ',
      posterImageId: poster.body.data.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      fileId: null,
      externalId: 'dQw4w9WgXcQ',
      updatedBy: admin.user.id,
    });
    expect((await t.app.inject({ method: 'GET', url: file.body.data.attributes.url })).statusCode).toBe(404);

    expect((await write('DELETE', `videos/${id}`)).status).toBe(200);
    expect((await t.api('GET', `video/${id}`)).status).toBe(404);
    expect((await write('DELETE', `videos/${id}`)).status).toBe(404);
    expect(
      (await write('PUT', `videos/${id}`, { title: 'x', provider: 'vimeo', externalId: '1' })).status,
    ).toBe(404);

    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(
        and(
          eq(adminAudit.subject, String(id)),
          inArray(adminAudit.kind, ['video.create', 'video.update', 'video.delete']),
        ),
      )
      .orderBy(adminAudit.id);
    expect(audit.map((a) => [a.kind, a.actorId])).toEqual([
      ['video.create', admin.user.id],
      ['video.update', admin.user.id],
      ['video.delete', admin.user.id],
    ]);
    expect(audit[1].before).toMatchObject({ title: 'Reading a report', provider: 'file' });
    expect(audit[1].after).toMatchObject({ title: 'Reading a report, again', provider: 'youtube' });
  });
});
