import {
  type FieldErrors,
  issuesToFieldErrors,
  RENDER_MODES,
  type RenderMode,
  ZUpdateCampaignRequest,
  ZUpdateProjectRequest,
} from '@linkwatch/shared';
import { Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { currentLocale } from '@/lib/i18n.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { useInvalidateProjects } from './api/projects.ts';
import {
  useRemoveCampaign,
  useRemoveProject,
  useUpdateCampaign,
  useUpdateProject,
} from './api/projectWrites.ts';
import type { Campaign, Project } from './api/types.ts';
import { type CampaignSchedule, CampaignScheduleFields } from './CampaignScheduleFields.tsx';
import { DomainRows } from './DomainRows.tsx';
import { IndexNowKey } from './IndexNowKey.tsx';

function useErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const fail = (error: Error) =>
    setErrors(
      isApiError(error, 422) && Object.keys(error.fieldErrors).length
        ? error.fieldErrors
        : { _: [error.message] },
    );
  return { errors, setErrors, fail };
}

/**
 * What both settings modals share: the modal with Cancel and Save (submitting the form `formId`),
 * a danger zone with a delete button, and the confirmation that deletes.
 */
function SettingsShell({
  open,
  onOpenChange,
  title,
  description,
  size,
  formId,
  saving,
  deleteLabel,
  confirmTitle,
  confirmBody,
  onDelete,
  children,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description: string;
  size?: 'sm';
  formId: string;
  saving: boolean;
  deleteLabel: string;
  confirmTitle: string;
  confirmBody: string;
  onDelete: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        description={description}
        closeLabel={t('common.close')}
        size={size}
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={saving}>
              {t('common.save')}
            </Button>
          </>
        }
      >
        {children}
        <div className="mt-6 flex items-center justify-between gap-3 rounded-lg p-3 ring-1 ring-rose-200">
          <span className="text-sm font-medium text-rose-700">{t('projects.settings.dangerZone')}</span>
          <Button
            variant="danger"
            size="sm"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={() => setConfirm(true)}
          >
            {deleteLabel}
          </Button>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={confirmTitle}
        body={confirmBody}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('projects.settings.delete')}
        onConfirm={onDelete}
      />
    </>
  );
}

/** The category modal of spec point 2, as project settings: rename, domains (add/remove), delete. */
export function ProjectSettingsModal({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const invalidate = useInvalidateProjects();
  const [name, setName] = useState(project.attributes.name);
  const [domains, setDomains] = useState(project.attributes.domains);
  const [renderMode, setRenderMode] = useState<RenderMode>(project.attributes.renderMode);
  const { errors, setErrors, fail } = useErrors();
  useEffect(() => {
    if (!open) return;
    setName(project.attributes.name);
    setRenderMode(project.attributes.renderMode);
    setDomains(project.attributes.domains.length ? project.attributes.domains : ['']);
    setErrors({});
  }, [open, project, setErrors]);

  const save = useUpdateProject(project.id, {
    onSuccess: async () => {
      await invalidate();
      notify.success(t('projects.settings.saved'));
      onOpenChange(false);
    },
    onError: fail,
  });
  const remove = useRemoveProject(project.id, {
    onSuccess: async () => {
      onOpenChange(false);
      navigate(to('/'));
      await invalidate();
      notify.success(t('projects.settings.deletedProject', { name: project.attributes.name }));
    },
    onError: (error) => notify.error(error.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const trimmed = domains.map((d) => d.trim());
    const parsed = ZUpdateProjectRequest.safeParse({ name, domains: trimmed, renderMode });
    if (!parsed.success) return setErrors(issuesToFieldErrors(parsed.error.issues, currentLocale()));
    save.mutate({ name: name.trim(), domains: trimmed, mainDomain: trimmed[0], renderMode });
  };
  return (
    <SettingsShell
      open={open}
      onOpenChange={onOpenChange}
      title={t('projects.settings.projectTitle')}
      description={t('projects.settings.projectDescription')}
      formId="project-settings"
      saving={save.isPending}
      deleteLabel={t('projects.settings.deleteProject')}
      confirmTitle={t('projects.settings.deleteProjectTitle', { name: project.attributes.name })}
      confirmBody={t('projects.settings.deleteProjectBody')}
      onDelete={() => remove.mutate()}
    >
      <form id="project-settings" onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          label={t('projects.settings.name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <DomainRows
          domains={domains}
          onChange={setDomains}
          errorOf={(p) => errors[p]}
          addLabel={t('projects.settings.addDomain')}
        />
        <div className="space-y-1">
          <label htmlFor="project-render-mode" className="block text-sm font-medium text-ink">
            {t('projects.settings.renderMode')}
          </label>
          <Select
            id="project-render-mode"
            name="renderMode"
            className="w-full"
            value={renderMode}
            onChange={(e) => setRenderMode(e.target.value as RenderMode)}
            aria-describedby="project-render-mode-hint"
            options={RENDER_MODES.map((mode) => ({
              value: mode,
              label: t(`projects.settings.renderModes.${mode}`),
            }))}
          />
          <p id="project-render-mode-hint" className="text-xs text-ink-subtle">
            {t('projects.settings.renderModeHint')}
          </p>
        </div>
        {errors._ || errors.domains ? (
          <Alert tone="error">{(errors._ ?? errors.domains).join(' ')}</Alert>
        ) : null}
      </form>
      <IndexNowKey projectId={project.id} />
    </SettingsShell>
  );
}

/** Campaign settings (spec point 2, company settings): rename, when its scheduled checks run, delete. */
export function CampaignSettingsModal({
  campaign,
  open,
  onOpenChange,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const invalidate = useInvalidateProjects();
  const [name, setName] = useState(campaign.attributes.name);
  const [schedule, setSchedule] = useState<CampaignSchedule>({
    weekdays: campaign.attributes.weekdays,
    time: campaign.attributes.time,
  });
  const { errors, setErrors, fail } = useErrors();
  useEffect(() => {
    if (!open) return;
    setName(campaign.attributes.name);
    setSchedule({ weekdays: campaign.attributes.weekdays, time: campaign.attributes.time });
    setErrors({});
  }, [open, campaign, setErrors]);
  const save = useUpdateCampaign(campaign.id, {
    onSuccess: async () => {
      await invalidate();
      notify.success(t('projects.settings.saved'));
      onOpenChange(false);
    },
    onError: fail,
  });
  const remove = useRemoveCampaign(campaign.id, {
    onSuccess: async () => {
      onOpenChange(false);
      navigate(to(`/project/active/${campaign.attributes.tier}/${campaign.attributes.projectId}`));
      await invalidate();
      notify.success(t('projects.settings.deletedCampaign', { name: campaign.attributes.name }));
    },
    onError: (error) => notify.error(error.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const parsed = ZUpdateCampaignRequest.safeParse({ name, ...schedule });
    if (!parsed.success) return setErrors(issuesToFieldErrors(parsed.error.issues, currentLocale()));
    save.mutate({ name: name.trim(), ...schedule });
  };
  return (
    <SettingsShell
      open={open}
      onOpenChange={onOpenChange}
      title={t('projects.settings.campaignTitle')}
      description={t('projects.settings.campaignDescription')}
      size="sm"
      formId="campaign-settings"
      saving={save.isPending}
      deleteLabel={t('projects.settings.deleteCampaign')}
      confirmTitle={t('projects.settings.deleteCampaignTitle', { name: campaign.attributes.name })}
      confirmBody={t('projects.settings.deleteCampaignBody')}
      onDelete={() => remove.mutate()}
    >
      <form id="campaign-settings" onSubmit={submit} className="space-y-6" noValidate>
        <TextField
          label={t('projects.settings.name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <CampaignScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
        {errors._ ? <Alert tone="error">{errors._.join(' ')}</Alert> : null}
      </form>
    </SettingsShell>
  );
}
