import { API_KEY_SCOPES, type ApiKeyScope, type FieldErrors, type TApiKeyResource } from '@linkwatch/shared';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useAccounts } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { ProfileSection } from '@/ui/ProfileSection.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/apiKeys.ts';
import { ShownOnce } from './ShownOnce.tsx';

const errorMessage = (error: unknown, fallback: string) => (isApiError(error) ? error.fullMessage : fallback);

function ApiKeyRow({ apiKey }: { apiKey: TApiKeyResource }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const { name, prefix, scopes, lastUsedAt, expiresAt, accountId } = apiKey.attributes;
  // A key works in the account it was made in: worth saying once the user works in more than one.
  const accounts = useAccounts().data ?? [];
  const account = accounts.length > 1 ? accounts.find((a) => Number(a.id) === accountId) : undefined;
  const expired = expiresAt !== null && new Date(expiresAt).getTime() <= Date.now();
  const revoke = useRevokeApiKey(apiKey.id, {
    onSuccess: () => notify.success(t('apiKeys.revoked')),
    onError: (error) => notify.error(errorMessage(error, t('common.requestFailed'))),
  });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-api-key={name}>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-ink">
          <KeyRound className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{name}</span>
          <code className="text-xs text-ink-muted">{prefix}…</code>
        </p>
        <p className="mt-1 text-xs text-ink-muted">
          {lastUsedAt ? t('apiKeys.lastUsed', { date: format.dateTime(lastUsedAt) }) : t('apiKeys.neverUsed')}
          {' · '}
          {expired
            ? t('apiKeys.expired')
            : expiresAt
              ? t('apiKeys.expires', { date: format.dateTime(expiresAt) })
              : t('apiKeys.noExpiry')}
          {account && ` · ${t('apiKeys.account', { account: account.attributes.name })}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-1">
        {scopes.map((scope) => (
          <Badge key={scope} tone={scope === 'tasks' ? 'warning' : 'neutral'}>
            {t(`apiKeys.scopes.${scope}`)}
          </Badge>
        ))}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        loading={revoke.isPending}
        onClick={() => setConfirming(true)}
        aria-label={t('apiKeys.revoke', { name })}
      >
        {revoke.isPending ? null : <Trash2 className="size-4" aria-hidden />}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('apiKeys.revokeTitle')}
        body={t('apiKeys.revokeBody', { name })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('apiKeys.revokeConfirm')}
        onConfirm={() => revoke.mutate()}
      />
    </li>
  );
}

function CreateApiKeyForm({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateApiKey({
    onMutate: () => setErrors({}),
    onSuccess: (key) => {
      setName('');
      setScopes(['read']);
      setExpiresAt('');
      onCreated(key.attributes.token);
    },
    onError: (error) => {
      if (isApiError(error, 422) && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      else notify.error(errorMessage(error, t('common.requestFailed')));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name, scopes, expiresAt: expiresAt || null });
  };
  const scopeError = Object.entries(errors).find(([field]) => field.startsWith('scopes'))?.[1];
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-b-xl border-t border-line bg-slate-50/60 px-6 py-5"
    >
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          className="min-w-48 flex-1"
          label={t('apiKeys.name')}
          name="name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          className="w-48"
          label={t('apiKeys.expiresAt')}
          name="expiresAt"
          type="date"
          value={expiresAt}
          onChange={(e) => setExpiresAt(e.target.value)}
          error={errors.expiresAt}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t('apiKeys.scopesLabel')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} htmlFor={`${id}-${scope}`} className="flex items-start gap-2 text-sm">
              <Checkbox
                id={`${id}-${scope}`}
                className="mt-0.5"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))
                }
              />
              <span>
                <span className="font-medium text-ink">{t(`apiKeys.scopes.${scope}`)}</span>
                <span className="block text-xs text-ink-muted">{t(`apiKeys.scopeHints.${scope}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {scopeError ? <p className="mt-1 text-sm text-rose-600">{scopeError[0]}</p> : null}
      </fieldset>
      <Button type="submit" loading={create.isPending} icon={<Plus className="size-4" aria-hidden />}>
        {t('apiKeys.create')}
      </Button>
    </form>
  );
}

/** Personal API keys on the profile (issue 32): create (the token shown once), list, revoke. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [token, setToken] = useState<string | null>(null);
  return (
    <ProfileSection
      title={t('apiKeys.title')}
      description={
        <>
          {t('apiKeys.description')}{' '}
          <a
            className="font-medium text-brand-700 underline"
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
          >
            {t('apiKeys.docs')}
          </a>
        </>
      }
    >
      {token ? (
        <ShownOnce
          label={t('apiKeys.tokenLabel')}
          note={t('apiKeys.created')}
          value={token}
          copyLabel={t('apiKeys.copy')}
          copiedLabel={t('apiKeys.copied')}
          doneLabel={t('apiKeys.done')}
          onDone={() => setToken(null)}
        />
      ) : null}
      <div className="px-6 py-2">
        {keys.isPending ? (
          <div className="space-y-2 py-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : keys.isError ? (
          <p className="py-4 text-sm text-rose-600">{t('common.requestFailed')}</p>
        ) : keys.data?.length ? (
          <ul className="divide-y divide-slate-100">
            {keys.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        ) : (
          <p className="py-4 text-sm text-ink-muted">{t('apiKeys.empty')}</p>
        )}
      </div>
      <CreateApiKeyForm onCreated={setToken} />
    </ProfileSection>
  );
}
