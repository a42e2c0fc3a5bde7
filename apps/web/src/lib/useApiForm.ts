import { type FieldErrors, issuesToFieldErrors } from '@linkwatch/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '@/api/client.ts';
import { localeOfPath } from './locale.ts';

export type FormValues = Record<string, string>;

type Options<TSchema extends z.ZodType, TResult> = {
  /**
   * The shared zod schema, or a function that imports it: a page on a cold load's path (the login)
   * then leaves zod out of its first download and loads it when the form is first typed in or sent.
   */
  schema: TSchema | (() => Promise<TSchema>);
  /** Names shown under inputs; errors of other fields go to the form-level message. */
  fields: readonly string[];
  /** Turns the raw inputs into the payload the schema checks (adds flags, renames fields). */
  prepare?: (values: FormValues) => unknown;
  submit: (payload: z.output<TSchema>) => Promise<TResult>;
  onSuccess?: (result: TResult, payload: z.output<TSchema>, form: HTMLFormElement) => void;
};

function readForm(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

/**
 * One submit pipeline for every form: validate with the shared zod schema (so messages match the
 * server's), send, and put 422 field errors under their inputs. Errors are cleared before each
 * request and on each route change (spec point 5).
 */
export function useApiForm<TSchema extends z.ZodType, TResult>({
  schema,
  fields,
  prepare = (values) => values,
  submit,
  onSuccess,
}: Options<TSchema, TResult>) {
  const { t } = useTranslation();
  const location = useLocation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: submit });
  const loadSchema = (): Promise<TSchema> =>
    typeof schema === 'function' ? schema() : Promise.resolve(schema);

  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on every navigation
  useEffect(() => {
    setErrors({});
    setFormError(null);
  }, [location.key]);

  const showErrors = (next: FieldErrors, message?: string) => {
    const known = Object.fromEntries(Object.entries(next).filter(([field]) => fields.includes(field)));
    const rest = Object.entries(next)
      .filter(([field]) => !fields.includes(field))
      .flatMap(([, messages]) => messages);
    setErrors(known);
    if (rest.length) setFormError(rest.join(' '));
    else if (Object.keys(known).length === 0 && message) setFormError(message);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const form = event.currentTarget;
    setErrors({});
    setFormError(null);

    const payload = prepare(readForm(form));
    let ready: TSchema;
    try {
      ready = typeof schema === 'function' ? await schema() : schema;
    } catch {
      setFormError(t('common.networkError'));
      return;
    }
    const parsed = ready.safeParse(payload);
    if (!parsed.success) {
      showErrors(issuesToFieldErrors(parsed.error.issues, localeOfPath(location.pathname)));
      return;
    }
    try {
      const result = await mutation.mutateAsync(parsed.data);
      onSuccess?.(result, parsed.data, form);
    } catch (error) {
      if (isApiError(error, 422)) showErrors(error.fieldErrors, error.message);
      else setFormError(error instanceof Error && error.message ? error.message : t('common.requestFailed'));
    }
  };

  return {
    onSubmit,
    errors,
    formError,
    pending: mutation.isPending,
    /** Starts loading a lazily imported schema (give it to the form's onInput). */
    prepareSchema: () => void loadSchema().catch(() => {}),
    fieldError: (...names: string[]) => names.flatMap((name) => errors[name] ?? []),
  };
}
