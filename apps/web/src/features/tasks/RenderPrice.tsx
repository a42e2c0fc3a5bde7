import type { TRenderPreview } from '@linkwatch/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';

/**
 * Issue 31: what rendering donor pages in a browser may add to a backlink check, before the start
 * (the price preview's `render`): "up to" for projects that render only when the link is missing from
 * the HTML, exact for projects that render every page. Not part of the cost above and charged only per
 * page rendered, so it does not disable Start. Nothing when no page would be rendered.
 */
export function RenderPrice({
  render,
  className,
}: {
  render: TRenderPreview | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!render || render.always + render.missing === 0) return null;
  const credits = (value: number) => t('common.credits', { count: value, value: format.number(value) });
  const line = (kind: 'always' | 'missing', pages: number) =>
    t(`tasksUi.renderPrice.${kind}`, {
      count: pages,
      value: format.number(pages),
      cost: credits(render.price * pages),
    });
  return (
    <Alert tone="info" className={className}>
      <div className="space-y-1" data-testid="render-price">
        {render.always > 0 ? <p data-kind="always">{line('always', render.always)}</p> : null}
        {render.missing > 0 ? <p data-kind="missing">{line('missing', render.missing)}</p> : null}
      </div>
    </Alert>
  );
}
