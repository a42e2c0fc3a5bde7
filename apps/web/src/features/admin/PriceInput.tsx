import { ADMIN_PRICE_MAX } from '@linkwatch/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { Button } from '@/ui/Button.tsx';
import { Input } from '@/ui/Input.tsx';

const shown = (price: number | null) => (price === null ? '' : String(price));

/**
 * A price in credits per link with its Save button; the server's message shows under it when refused.
 * A new `value` (this save read back, another operator's change) replaces the box's text unless the
 * operator has typed since: the next price typed right after a save is not wiped by the table's refetch.
 */
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
  const [text, setText] = useState(shown(value));
  const [typed, setTyped] = useState(false);
  const [current, setCurrent] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (value !== current) {
    setCurrent(value);
    if (!typed) setText(shown(value));
  }
  const changed = typed && text.trim() !== shown(value);

  const save = async () => {
    setBusy(true);
    setError(null);
    const price = text.trim() === '' ? null : Number(text);
    try {
      await onSave(price);
      setText(shown(price));
      setTyped(false);
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
          onChange={(e) => {
            setText(e.target.value);
            setTyped(true);
          }}
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
