import { issuesToFieldErrors, ZUpdateLinkRequest } from '@linkwatch/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { currentLocale } from '@/lib/i18n.ts';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { Field } from '@/ui/Field.tsx';
import { inputClass } from '@/ui/Input.tsx';
import { TextField } from '@/ui/TextField.tsx';
import type { Link } from './api/links.ts';
import { useUpdateLink } from './api/linkWrites.ts';

/**
 * The link panel's edit form. A chunk of its own (LinkDrawer loads it when editing starts): its check is
 * the shared zod schema, which the links page would otherwise download before anyone edits a link.
 */
export default function EditLinkForm({ link, onDone }: { link: Link; onDone: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(link.attributes.urlWithoutProtocol);
  const [comment, setComment] = useState(link.attributes.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useUpdateLink({
    onSuccess: () => {
      notify.success(t('linksUi.panel.saved'));
      onDone();
    },
    onError: (error) => {
      if (isApiError(error, 422)) setErrors(error.fieldErrors);
      else setErrors({ _: [error.message] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const payload = { url: url.trim(), comment: comment.trim() || null };
    const parsed = ZUpdateLinkRequest.safeParse(payload);
    if (!parsed.success) return setErrors(issuesToFieldErrors(parsed.error.issues, currentLocale()));
    save.mutate({ id: link.id, payload });
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" noValidate>
      <TextField
        label={t('linksUi.panel.url')}
        name="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint={t('linksUi.panel.urlHint')}
        error={errors.url}
      />
      <Field label={t('linksUi.panel.comment')} error={errors.comment}>
        {(control) => (
          <textarea
            {...control}
            name="comment"
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className={cn(inputClass, 'h-auto py-2')}
          />
        )}
      </Field>
      {errors._ ? <Alert tone="error">{errors._.join(' ')}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
