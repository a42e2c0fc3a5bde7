import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/ui/Spinner.tsx';
import { useVideo } from './api/wiki.ts';

const VIDEO = /<div class="wiki-video" data-video-id="(\d+)"><\/div>/;

/** A video that loads nothing from its provider until the reader presses play. */
export function VideoEmbed({ id }: { id: number }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const video = useVideo(id, playing);
  const data = video.data?.data.attributes;
  if (playing && data)
    return data.provider === 'file' ? (
      // biome-ignore lint/a11y/useMediaCaption: the operator's upload carries no caption track
      <video className="aspect-video w-full rounded-lg bg-black" src={data.embedUrl} controls autoPlay />
    ) : (
      <iframe
        className="aspect-video w-full rounded-lg"
        src={data.embedUrl}
        title={data.title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  return (
    <div
      className="my-4 flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-slate-900 text-white"
      data-video={id}
    >
      {video.isError ? (
        <p role="alert">{t('wiki.reader.videoError')}</p>
      ) : playing ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="flex size-16 items-center justify-center rounded-full bg-white/90 text-slate-900 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          aria-label={t('wiki.reader.play', { title: `#${id}` })}
        >
          <Play className="size-7" aria-hidden />
        </button>
      )}
    </div>
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
