import { useTranslation } from 'react-i18next';
import { Field } from '@/ui/Field.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useCategories } from './api/projects.ts';

export type CategoryChoice = { mode: 'none' | 'existing' | 'new'; id: string; name: string };
export const noCategory = (): CategoryChoice => ({ mode: 'none', id: '', name: '' });

/** The request fields of a choice: an existing category's id, a new one's name, or none. */
export function categoryPayload(choice: CategoryChoice): { category?: number | null; categoryName?: string } {
  if (choice.mode === 'existing' && choice.id) return { category: Number(choice.id) };
  if (choice.mode === 'new') return { categoryName: choice.name.trim() };
  return { category: null };
}

/**
 * The category of a new project (spec point 2, category modals): none, one of the user's, or a new one
 * by name. "Existing" is offered once the user has a category.
 */
export function CategoryField({
  value,
  onChange,
  errorOf,
}: {
  value: CategoryChoice;
  onChange: (next: CategoryChoice) => void;
  errorOf: (path: string) => string[] | undefined;
}) {
  const { t } = useTranslation();
  const categories = useCategories().data ?? [];
  const modes = (['none', 'existing', 'new'] as const).filter((m) => m !== 'existing' || categories.length);
  const choose = (mode: CategoryChoice['mode']) =>
    onChange({
      ...value,
      mode,
      id: mode === 'existing' ? value.id || String(categories[0]?.id ?? '') : value.id,
    });
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('projects.categories.label')}</legend>
      <div className="flex flex-wrap gap-2">
        {modes.map((mode) => (
          <label
            key={mode}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300"
          >
            <input
              type="radio"
              name="categoryMode"
              value={mode}
              checked={value.mode === mode}
              onChange={() => choose(mode)}
              className="size-4 accent-brand-600"
            />
            {t(`projects.categories.${mode}`)}
          </label>
        ))}
      </div>
      {value.mode === 'existing' ? (
        <Field label={t('projects.categories.choose')} error={errorOf('category')}>
          {(control) => (
            <Select
              {...control}
              className="w-full"
              name="category"
              value={value.id}
              onChange={(e) => onChange({ ...value, id: e.target.value })}
              options={categories.map((c) => ({ value: String(c.id), label: c.attributes.name }))}
            />
          )}
        </Field>
      ) : null}
      {value.mode === 'new' ? (
        <TextField
          label={t('projects.categories.newName')}
          name="categoryName"
          value={value.name}
          placeholder={t('projects.categories.newNamePlaceholder')}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          error={errorOf('categoryName')}
        />
      ) : null}
    </fieldset>
  );
}
