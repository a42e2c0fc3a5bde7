import { GRAPH_NODE_STATES } from '@linkwatch/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { Input } from '@/ui/Input.tsx';
import { SegmentedTabs } from '@/ui/SegmentedTabs.tsx';
import { type GraphFilter, NO_FILTER, type TierFilter } from './model.ts';

/** Pages listed under the search box: a keyboard's way to a node, and a click's to its link. */
const LISTED_MATCHES = 8;

type Props = {
  filter: GraphFilter;
  onChange: (filter: GraphFilter) => void;
  matches: readonly number[];
  labels: readonly string[];
  onPick: (node: number) => void;
};

/** The graph's filter: by tier, by state, by a part of the URL. Native controls: keyboard for free. */
export function GraphFilters({ filter, onChange, matches, labels, onPick }: Props) {
  const { t } = useTranslation();
  const textId = useId();
  const set = (next: Partial<GraphFilter>) => onChange({ ...filter, ...next });
  const toggle = (state: (typeof GRAPH_NODE_STATES)[number], on: boolean) => {
    const states = new Set(filter.states);
    if (on) states.add(state);
    else states.delete(state);
    set({ states });
  };
  return (
    <Card className="space-y-4 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-ink">{t('graph.filter.title')}</h2>
        <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTER)}>
          {t('graph.filter.reset')}
        </Button>
      </div>
      <SegmentedTabs<TierFilter>
        label={t('graph.filter.tier')}
        value={filter.tier}
        onChange={(tier) => set({ tier })}
        items={(['all', 'tier1', 'tier2'] as const).map((value) => ({
          value,
          label: t(`graph.kinds.${value}`),
        }))}
      />
      <fieldset className="space-y-1.5">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('graph.filter.states')}</legend>
        {GRAPH_NODE_STATES.map((state) => (
          <div key={state} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={`${textId}-${state}`}
              checked={filter.states.has(state)}
              onChange={(e) => toggle(state, e.currentTarget.checked)}
            />
            <label htmlFor={`${textId}-${state}`} className="cursor-pointer">
              {t(`graph.states.${state}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={textId} className="text-sm font-medium text-slate-700">
          {t('graph.filter.text')}
        </label>
        <Input
          id={textId}
          type="search"
          value={filter.text}
          placeholder={t('graph.filter.textPlaceholder')}
          onChange={(e) => set({ text: e.currentTarget.value })}
        />
        {filter.text.trim() ? (
          <div className="space-y-1">
            <p className="text-xs text-ink-muted" aria-live="polite">
              {t('graph.filter.matches', { count: matches.length })}
            </p>
            <ul className="space-y-0.5" data-testid="graph-matches">
              {matches.slice(0, LISTED_MATCHES).map((node) => (
                <li key={node}>
                  <button
                    type="button"
                    className="w-full truncate rounded px-1.5 py-1 text-left text-xs text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                    title={labels[node]}
                    onClick={() => onPick(node)}
                  >
                    {labels[node]}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
