import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field.tsx';
import { Input, type InputProps, PasswordInput } from './Input.tsx';

type TextFieldProps = Omit<InputProps, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  label: ReactNode;
  error?: readonly string[];
  hint?: ReactNode;
  optional?: boolean;
};

/** Label, input and the field's messages: the common case of every form. */
export function TextField({ label, error, hint, optional, className, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      optionalLabel={optional ? t('common.optional') : undefined}
      className={className}
    >
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

export function PasswordField({ label, error, hint, className, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <PasswordInput
          {...control}
          {...input}
          showLabel={t('common.showPassword')}
          hideLabel={t('common.hidePassword')}
        />
      )}
    </Field>
  );
}
