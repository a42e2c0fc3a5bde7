import type { FieldErrors } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { setToken } from '@/api/token.ts';
import { noteAccountSwitch } from '@/lib/account.ts';
import { notify } from '@/lib/notices.ts';
import { useMe, useToken } from '@/lib/session.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card, CardBody } from '@/ui/Card.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useJoin } from './api/team.ts';

/**
 * /{locale}/team/join/{code} (issue 27): accept an invitation as the logged-in user, or create the
 * login with a name and password. Either way the session then works in the account that invited.
 */
export function JoinPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = useParams().code ?? '';
  const loggedIn = useToken() !== null;
  const me = useMe().data;
  const join = useJoin(code);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const errors: FieldErrors = isApiError(join.error, 422) ? join.error.fieldErrors : {};
  const message =
    join.error && !(isApiError(join.error, 422) && (errors.name || errors.password))
      ? join.error.message
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    join.mutate(loggedIn ? {} : { name, password }, {
      onSuccess: async (answer) => {
        // A signed-in user's session now works in the team's account (a new one gets a new token).
        if (answer.data.accessToken) setToken(answer.data.accessToken);
        else noteAccountSwitch();
        queryClient.clear();
        notify.success(t('team.join.joined'));
        navigate(to('/'), { replace: true });
      },
    });
  };

  return (
    <Card className="mx-auto max-w-lg">
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="flex items-center gap-3">
            <UsersRound className="size-6 text-brand-600" aria-hidden />
            <h1 className="text-xl font-semibold text-ink">{t('team.join.title')}</h1>
          </div>
          {message ? <Alert tone="error">{message}</Alert> : null}
          {loggedIn ? (
            <p className="text-sm text-ink-muted">
              {t('team.join.loggedIn', { email: me?.attributes.email ?? '' })}
            </p>
          ) : (
            <>
              <p className="text-sm text-ink-muted">{t('team.join.newLogin')}</p>
              <TextField
                label={t('team.join.name')}
                name="name"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={errors.name}
              />
              <TextField
                label={t('team.join.password')}
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={errors.password}
              />
            </>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={join.isPending}>
              {loggedIn ? t('team.join.accept') : t('team.join.create')}
            </Button>
            {loggedIn ? null : (
              <Link
                to={to(`/login?redirect=${encodeURIComponent(`/team/join/${code}`)}`)}
                className={buttonClass({ variant: 'ghost' })}
              >
                {t('team.join.login')}
              </Link>
            )}
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
