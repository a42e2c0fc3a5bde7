import type { TDomainCheckAttributes } from '@linkwatch/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { Captcha } from '@/features/auth';
import { useToken } from '@/lib/session.ts';
import { useApiForm } from '@/lib/useApiForm.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card, CardBody } from '@/ui/Card.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { checkDomain } from './api/domainCheck.ts';
import { CheckResult } from './components/CheckResult.tsx';
import { SignUpCall } from './components/SignUpCall.tsx';

/**
 * The public domain check (issue 30; no login): a visitor names a page and, optionally, the domain it
 * should link to; the product's checker answers whether the page answers, whether it can be indexed and
 * whether it links there. The server sends this page's title, description, canonical and heading in its
 * first HTML (apps/server/src/web-public-pages.ts), the same heading this renders.
 */
export default function DomainCheckPage() {
  const { t } = useTranslation();
  const signedIn = useToken() !== null;
  const [result, setResult] = useState<TDomainCheckAttributes | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [limited, setLimited] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useApiForm({
    schema: () => import('./domainCheckSchema.ts').then((m) => m.ZDomainCheckRequest),
    fields: ['url', 'domain', 'captcha'],
    prepare: (values) => ({ ...values, captcha: values.captcha || undefined }),
    submit: (payload) => {
      setLimited(false);
      return checkDomain(payload)
        .catch((error: unknown) => {
          if (isApiError(error, 429)) setLimited(true);
          throw error;
        })
        .finally(() => setAttempt((n) => n + 1));
    },
    onSuccess: (answer) => {
      setResult(answer);
      setRemaining(answer.remaining);
    },
  });

  return (
    <div className="space-y-8">
      <section className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl">
          {t('domainCheck.title')}
        </h1>
        <p className="mt-4 text-base text-pretty text-ink-muted">{t('domainCheck.intro')}</p>
      </section>

      <Card>
        <CardBody>
          <form
            noValidate
            onSubmit={form.onSubmit}
            onInput={form.prepareSchema}
            className="space-y-5"
            aria-label={t('domainCheck.title')}
          >
            {form.formError ? (
              <Alert tone={limited ? 'warning' : 'error'}>
                <span role="alert">{form.formError}</span>
              </Alert>
            ) : null}
            <div className="grid gap-5 md:grid-cols-[3fr_2fr]">
              <TextField
                label={t('domainCheck.form.url')}
                name="url"
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder={t('domainCheck.form.urlPlaceholder')}
                error={form.fieldError('url')}
              />
              <TextField
                label={t('domainCheck.form.domain')}
                name="domain"
                optional
                autoComplete="off"
                placeholder={t('domainCheck.form.domainPlaceholder')}
                hint={t('domainCheck.form.domainHint')}
                error={form.fieldError('domain')}
              />
            </div>
            <Captcha resetKey={attempt} />
            {form.fieldError('captcha').length ? (
              <p className="text-sm text-rose-600" role="alert">
                {form.fieldError('captcha').join(' ')}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-4">
              <Button
                type="submit"
                size="lg"
                loading={form.pending}
                icon={<Search className="size-4" aria-hidden />}
              >
                {form.pending ? t('domainCheck.form.checking') : t('domainCheck.form.submit')}
              </Button>
              {remaining !== null ? (
                <p className="text-sm text-ink-muted" role="status">
                  {t('domainCheck.remaining', { count: remaining })}
                </p>
              ) : null}
            </div>
          </form>
        </CardBody>
      </Card>

      {result ? <CheckResult result={result} /> : null}

      <SignUpCall signedIn={signedIn} />
    </div>
  );
}
