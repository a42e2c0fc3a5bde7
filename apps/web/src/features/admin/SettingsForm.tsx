import { ADMIN_REASON_MAX, type TAdminSettingsRequest, WARNING_MAX } from '@linkwatch/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { useSettingsQuery } from '@/lib/settings.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card, CardBody, CardFooter } from '@/ui/Card.tsx';
import { Field } from '@/ui/Field.tsx';
import { inputClass } from '@/ui/Input.tsx';
import { PageLoader } from '@/ui/Spinner.tsx';
import { Switch } from '@/ui/Switch.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useSaveSettings } from './api/admin.ts';

const TEXTS = ['referralDomain', 'linkserviceUrl', 'partnerLandingUrl', 'backlinksUrl'] as const;
type Values = Required<Omit<TAdminSettingsRequest, 'reason'>> & { reason: string };

function Form({ initial }: { initial: Values }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [values, setValues] = useState(initial);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const failure = isApiError(save.error) ? save.error : null;

  return (
    <Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // A switch left as it was is not sent: it shows what the app offers, which a provider's
          // configuration decides as well, and saving it would pin that.
          const { enablePayPal, enableCrypto, captchaEnabled, reason, ...texts } = values;
          save.mutate(
            {
              ...texts,
              ...(enablePayPal === initial.enablePayPal ? {} : { enablePayPal }),
              ...(enableCrypto === initial.enableCrypto ? {} : { enableCrypto }),
              ...(captchaEnabled === initial.captchaEnabled ? {} : { captchaEnabled }),
              reason: reason.trim() || undefined,
            },
            { onSuccess: () => notify.success(t('admin.settings.saved')) },
          );
        }}
      >
        <CardBody className="space-y-5">
          <Field
            label={t('admin.settings.warning')}
            hint={t('admin.settings.warningHint')}
            error={failure?.fieldErrors.warning}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={WARNING_MAX}
                className={`${inputClass} h-auto py-2`}
                value={values.warning ?? ''}
                onChange={(e) => set('warning', e.target.value)}
              />
            )}
          </Field>
          <div className="grid gap-5 md:grid-cols-2">
            {TEXTS.map((field) => (
              <TextField
                key={field}
                label={t(`admin.settings.${field}`)}
                hint={field === 'referralDomain' ? t('admin.settings.referralDomainHint') : undefined}
                value={values[field] ?? ''}
                onChange={(e) => set(field, e.target.value)}
                error={failure?.fieldErrors[field]}
              />
            ))}
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-ink">{t('admin.settings.payments')}</legend>
            <p className="text-xs text-ink-subtle">{t('admin.settings.paymentsHint')}</p>
            {(['enablePayPal', 'enableCrypto'] as const).map((field) => (
              <div key={field} className="flex items-center gap-3">
                <Switch
                  label={t(`admin.settings.${field}`)}
                  checked={values[field] ?? true}
                  onCheckedChange={(on) => set(field, on)}
                />
                <span className="text-sm text-ink">{t(`admin.settings.${field}`)}</span>
              </div>
            ))}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-ink">{t('admin.settings.captcha')}</legend>
            <p className="text-xs text-ink-subtle">{t('admin.settings.captchaHint')}</p>
            <div className="flex items-center gap-3">
              <Switch
                label={t('admin.settings.captchaEnabled')}
                checked={values.captchaEnabled}
                onCheckedChange={(on) => set('captchaEnabled', on)}
              />
              <span className="text-sm text-ink">{t('admin.settings.captchaEnabled')}</span>
            </div>
          </fieldset>
          <TextField
            label={t('admin.common.reason')}
            hint={t('admin.common.reasonHint')}
            optional
            maxLength={ADMIN_REASON_MAX}
            value={values.reason}
            onChange={(e) => set('reason', e.target.value)}
          />
          {failure && Object.keys(failure.fieldErrors).length === 0 ? (
            <Alert tone="error">{failure.message}</Alert>
          ) : null}
        </CardBody>
        <CardFooter>
          <Button type="submit" disabled={save.isPending}>
            {t('admin.common.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/**
 * The site settings an operator owns. The payment and captcha switches show what the app offers now:
 * a method (or a captcha) not configured on the server stays off whatever is chosen here.
 */
export function SettingsForm() {
  const { t } = useTranslation();
  const settings = useSettingsQuery();
  if (settings.isPending) return <PageLoader label={t('common.loading')} />;
  const s = settings.data;
  return (
    <Form
      initial={{
        warning: s?.warning ?? '',
        referralDomain: s?.referralDomain ?? '',
        linkserviceUrl: s?.linkserviceUrl ?? '',
        partnerLandingUrl: s?.partnerLandingUrl ?? '',
        backlinksUrl: s?.backlinksUrl ?? '',
        enablePayPal: s?.enablePayPal ?? false,
        enableCrypto: s?.enableCrypto ?? false,
        // What the app asks for now: a captcha configured and not switched off (its site key is sent).
        captchaEnabled: Boolean(s?.captchaSiteKey),
        reason: '',
      }}
    />
  );
}
