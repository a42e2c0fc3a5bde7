import { ADMIN_PRICE_MAX } from '@linkwatch/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { Button } from '@/ui/Button.tsx';
import { Input } from '@/ui/Input.tsx';

/** A price in credits per link with its Save button; the server's message shows under it when refused. */
export function PriceInput({
  label,
  value,
  placeholder,
  onSave,
}: {
  label: string;
  value: number | null;
  placeholder?: string;
  onSave: (price: number | null) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = text.trim() !== (value === null ? '' : String(value));

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(text.trim() === '' ? null : Number(text));
    } catch (failure) {
      setError(isApiError(failure) ? failure.fullMessage : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="w-24 shrink-0">
        <Input
          aria-label={label}
          inputMode="numeric"
          value={text}
          placeholder={placeholder}
          max={ADMIN_PRICE_MAX}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={!changed || busy}>
        {t('admin.common.save')}
      </Button>
      {error ? (
        <p role="alert" className="w-full text-xs text-rose-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
