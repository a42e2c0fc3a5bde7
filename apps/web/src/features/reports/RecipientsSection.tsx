import { type FieldErrors, MAILING_FLAGS, type MailingFlag, type TMailingResource } from '@linkwatch/shared';
import { Mail, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { ProfileSection } from '@/ui/ProfileSection.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useCreateMailing, useMailings, useRemoveMailing, useUpdateMailing } from './api/mailings.ts';

type Flags = Record<MailingFlag, boolean>;
const ALL_ON: Flags = { actions: true, report: true, wiki: true };

function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) ? error.fullMessage : fallback;
}

function RecipientRow({ mailing }: { mailing: TMailingResource }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const { email } = mailing.attributes;
  const onError = (error: unknown) => notify.error(errorMessage(error, t('common.requestFailed')));
  const toggle = useUpdateMailing(mailing.id, {
    onSuccess: () => notify.success(t('reportsUi.recipients.saved')),
    onError,
  });
  const remove = useRemoveMailing(mailing.id, {
    onSuccess: () => notify.success(t('reportsUi.recipients.removed')),
    onError,
  });
  return (
    <li className="flex flex-wrap items-center gap-x-5 gap-y-2 py-3" data-recipient={email}>
      <span className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium text-ink">
        <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
        <span className="truncate">{email}</span>
      </span>
      {MAILING_FLAGS.map((flag) => (
        <label
          key={flag}
          htmlFor={`${id}-${flag}`}
          className="flex items-center gap-2 text-sm text-ink-muted"
        >
          <Checkbox
            id={`${id}-${flag}`}
            checked={
              toggle.isPending && toggle.variables?.[flag] !== undefined
                ? Boolean(toggle.variables[flag])
                : mailing.attributes[flag]
            }
            disabled={toggle.isPending}
            onChange={(e) => toggle.mutate({ [flag]: e.target.checked })}
            aria-label={t('reportsUi.recipients.flagOf', {
              flag: t(`reportsUi.recipients.flags.${flag}`),
              email,
            })}
          />
          <span aria-hidden>{t(`reportsUi.recipients.flags.${flag}`)}</span>
        </label>
      ))}
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        loading={remove.isPending}
        onClick={() => setConfirming(true)}
        aria-label={t('reportsUi.recipients.remove', { email })}
      >
        {remove.isPending ? null : <Trash2 className="size-4" aria-hidden />}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('reportsUi.recipients.removeTitle')}
        body={t('reportsUi.recipients.removeBody', { email })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('reportsUi.recipients.removeConfirm')}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

function AddRecipientForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [flags, setFlags] = useState<Flags>(ALL_ON);
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useCreateMailing({
    onMutate: () => setErrors({}),
    onSuccess: () => {
      notify.success(t('reportsUi.recipients.added'));
      setEmail('');
      setFlags(ALL_ON);
    },
    onError: (error) => {
      if (isApiError(error, 422) && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      else notify.error(errorMessage(error, t('common.requestFailed')));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ email, ...flags });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-b-xl border-t border-line bg-slate-50/60 px-6 py-5"
    >
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          className="min-w-56 flex-1"
          label={t('reportsUi.recipients.email')}
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email ?? (errors._ && !errors.email ? errors._ : undefined)}
        />
        <Button
          type="submit"
          className="mt-6"
          loading={add.isPending}
          icon={<Plus className="size-4" aria-hidden />}
        >
          {t('reportsUi.recipients.add')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-5">
        {MAILING_FLAGS.map((flag) => (
          <label
            key={flag}
            htmlFor={`${id}-${flag}`}
            className="flex items-center gap-2 text-sm text-ink-muted"
          >
            <Checkbox
              id={`${id}-${flag}`}
              checked={flags[flag]}
              onChange={(e) => setFlags((f) => ({ ...f, [flag]: e.target.checked }))}
            />
            {t(`reportsUi.recipients.flags.${flag}`)}
          </label>
        ))}
      </div>
    </form>
  );
}

/** Report recipients on the profile (spec point 2): list, add with the three mail kinds, toggle, delete. */
export function RecipientsSection() {
  const { t } = useTranslation();
  const mailings = useMailings();
  return (
    <ProfileSection
      title={t('reportsUi.recipients.title')}
      description={t('reportsUi.recipients.description')}
    >
      <div className="px-6 py-2">
        {mailings.isPending ? (
          <div className="space-y-2 py-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : mailings.data?.length ? (
          <ul className="divide-y divide-slate-100">
            {mailings.data.map((mailing) => (
              <RecipientRow key={mailing.id} mailing={mailing} />
            ))}
          </ul>
        ) : (
          <p className="py-4 text-sm text-ink-muted">{t('reportsUi.recipients.empty')}</p>
        )}
      </div>
      <AddRecipientForm />
    </ProfileSection>
  );
}
