import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboOption } from '@/ui/Combobox.tsx';
import type { FieldControlProps } from '@/ui/Field.tsx';
import { useProjectSearch } from './api/projects.ts';

/** The searchable project dropdown of the select-project tab (and of the anchors page). */
export function ProjectPicker({
  value,
  onChange,
  control,
}: {
  value: ComboOption | null;
  onChange: (option: ComboOption | null) => void;
  control?: Partial<FieldControlProps>;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const projects = useProjectSearch(search);
  const options = (projects.data ?? []).map(
    (p): ComboOption => ({ value: String(p.id), label: p.attributes.name, hint: p.attributes.mainDomain }),
  );
  return (
    <Combobox
      id={control?.id}
      aria-invalid={control?.['aria-invalid']}
      aria-describedby={control?.['aria-describedby']}
      name="project"
      value={value}
      onChange={onChange}
      search={search}
      onSearch={setSearch}
      options={options}
      loading={projects.isFetching}
      placeholder={t('projects.create.projectPlaceholder')}
      noOptionsText={t('general.select.noOptions')}
    />
  );
}
