import { ZProfileRequest } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notices.ts';
import { meQueryKey, type User } from '@/lib/session.ts';
import { type FormValues, useApiForm } from '@/lib/useApiForm.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { CardBody, CardFooter } from '@/ui/Card.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { profileApi } from './api/profile.ts';

const OPTIONAL = ['address', 'city', 'index', 'country', 'regCode', 'vatNumber'] as const;

/** The email input edits `newEmail`: the server keeps the old address until the new one is confirmed. */
function toPayload(values: FormValues, user: User['attributes']) {
  const email = values.newEmail?.trim() ?? '';
  return {
    fullname: values.fullname,
    newEmail: email && email !== user.email ? email : undefined,
    ...Object.fromEntries(OPTIONAL.map((key) => [key, values[key]?.trim() || null])),
  };
}

export function PersonalInfoForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attributes = user.attributes;
  const form = useApiForm({
    schema: ZProfileRequest,
    fields: ['fullname', 'newEmail', 'email', ...OPTIONAL],
    prepare: (values) => toPayload(values, attributes),
    submit: profileApi.save,
    onSuccess: (saved, payload) => {
      queryClient.setQueryData<User>(meQueryKey, saved);
      if (payload.newEmail) notify.info(t('profile.personal.emailSent', { email: payload.newEmail }));
      else notify.success(t('profile.personal.saved'));
    },
  });

  const text = (key: (typeof OPTIONAL)[number], autoComplete?: string) => (
    <TextField
      label={t(`profile.personal.${key}`)}
      name={key}
      defaultValue={attributes[key] ?? ''}
      autoComplete={autoComplete}
      optional
      error={form.fieldError(key)}
    />
  );

  return (
    <form noValidate onSubmit={form.onSubmit}>
      <CardBody className="space-y-5">
        {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('profile.personal.fullname')}
            name="fullname"
            defaultValue={attributes.name}
            autoComplete="name"
            error={form.fieldError('fullname')}
          />
          <TextField
            label={t('profile.personal.email')}
            name="newEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            defaultValue={attributes.email}
            hint={t('profile.personal.emailHint')}
            error={form.fieldError('newEmail', 'email')}
          />
        </div>
        {attributes.newEmail ? (
          <Alert tone="info">
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-3.5" aria-hidden />
              {t('profile.personal.pending', { email: attributes.newEmail })}
            </span>
          </Alert>
        ) : null}
        <fieldset className="border-t border-line pt-5">
          <legend className="sr-only">{t('profile.personal.billing')}</legend>
          <p aria-hidden className="mb-4 text-sm font-medium text-ink">
            {t('profile.personal.billing')}
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            {text('address', 'street-address')}
            {text('city', 'address-level2')}
            {text('index', 'postal-code')}
            {text('country', 'country-name')}
            {text('regCode')}
            {text('vatNumber')}
          </div>
        </fieldset>
      </CardBody>
      <CardFooter>
        <Button type="submit" loading={form.pending}>
          {t('profile.personal.submit')}
        </Button>
      </CardFooter>
    </form>
  );
}
