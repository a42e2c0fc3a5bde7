import { Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';

/** A secret shown this once (an API key's token, a webhook's signing secret): read, copy, dismiss. */
export function ShownOnce({
  label,
  note,
  value,
  copiedLabel,
  copyLabel,
  doneLabel,
  onDone,
}: {
  label: string;
  note: string;
  value: string;
  copiedLabel: string;
  copyLabel: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const id = useId();
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(copiedLabel);
    } catch {
      notify.error(t('common.requestFailed'));
    }
  };
  return (
    <div role="status" className="space-y-3 border-b border-line bg-emerald-50/70 px-6 py-4">
      <p className="text-sm text-emerald-900">{note}</p>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          data-secret
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 basis-full rounded-lg border border-line bg-white px-3 py-2 font-mono text-sm text-ink sm:basis-auto"
        />
        <Button variant="secondary" icon={<Copy className="size-4" aria-hidden />} onClick={copy}>
          {copyLabel}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
