import type { FieldErrors } from '@linkwatch/shared';
import { Tabs } from 'radix-ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import type { ComboOption } from '@/ui/Combobox.tsx';
import { cn } from '@/ui/cn.ts';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { Field } from '@/ui/Field.tsx';
import { RadioCards } from '@/ui/Radio.tsx';
import { SidePanel } from '@/ui/SidePanel.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { type projectsApi, useCampaign, useInvalidateProjects, useProject } from './api/projects.ts';
import { useCreateCampaignMutation, useCreateProjectMutation } from './api/projectWrites.ts';
import { CategoryField } from './CategoryField.tsx';
import { useCreateCampaign } from './createCampaign.tsx';
import {
  checkExistingProject,
  checkNewProject,
  type ExistingProjectState,
  emptyExistingProject,
  emptyNewProject,
  isExistingProjectDirty,
  isNewProjectDirty,
  type NewProjectState,
  withDomains,
} from './createForms.ts';
import { DomainRows } from './DomainRows.tsx';
import { ProjectPicker } from './ProjectPicker.tsx';

const tabClass = cn(
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted transition-colors',
  'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
  'focus-visible:outline-2 focus-visible:outline-brand-500',
);

type Tab = 'new' | 'existing';

/** The campaign page a create lands on: active links of the new campaign, at its tier. */
export function campaignPath(campaign: { id: string | number; tier: number }): string {
  return `/campaign/active/${campaign.tier}/${campaign.id}`;
}

/** A project or campaign page's path (after the language): `project/active/1/5`, `campaign/1/7/domains`. */
const PAGE_PATH = /^\/(?:[a-z]{2}\/)?(project|campaign)\/(?:[a-z]+\/)?(?:[12]\/)?(\d+)(?:\/|$)/;

/**
 * The project of the page the slide-over opens over: a project page's, or a campaign page's project
 * (both already read by that page); null elsewhere.
 */
function usePageProject(open: boolean): ComboOption | null {
  const { pathname } = useLocation();
  const [, kind, id] = (open && PAGE_PATH.exec(pathname)) || [];
  const campaign = useCampaign(kind === 'campaign' ? id : undefined);
  const projectId = kind === 'project' ? id : campaign.data?.attributes.projectId;
  const project = useProject(projectId);
  if (!open || projectId === undefined || !project.data) return null;
  const { name, mainDomain } = project.data.attributes;
  return { value: String(project.data.id), label: name, hint: mainDomain };
}

/**
 * spec point 2, create project/campaign slide-over: a new project (domains with redirects, project
 * name, campaign name) or a new campaign of an existing project (searchable project, tier, name).
 * Closing with unsaved changes asks first; server field errors stay under their inputs. Opened over a
 * project or campaign page, it starts on "Existing project" with that project chosen.
 */
export function CreateCampaignSlideOver() {
  const { t } = useTranslation();
  const { open, setOpen } = useCreateCampaign();
  const navigate = useNavigate();
  const to = useLocalePath();
  const location = useLocation();
  const invalidate = useInvalidateProjects();
  const [tab, setTab] = useState<Tab>('new');
  const [newProject, setNewProject] = useState<NewProjectState>(emptyNewProject);
  const [existing, setExisting] = useState<ExistingProjectState>(emptyExistingProject);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Set when the panel closes on a create: the focus goes to the new campaign's page, not back to the
  // sidebar's button (18 Tab presses from the page's "Upload links").
  const created = useRef(false);
  const pageProject = usePageProject(open);
  // The page's project, chosen for the user, is no unsaved change.
  const dirty =
    isNewProjectDirty(newProject) ||
    isExistingProjectDirty(
      existing.project?.value === pageProject?.value ? { ...existing, project: null } : existing,
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening and page project
  useEffect(() => {
    if (!pageProject) return;
    setTab('existing');
    setExisting((s) => (s.project ? s : { ...s, project: pageProject }));
  }, [pageProject?.value]);

  // spec point 5: errors are cleared on each route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on every navigation
  useEffect(() => {
    setErrors({});
    setFormError(null);
  }, [location.key]);

  const reset = () => {
    setNewProject(emptyNewProject());
    setExisting(emptyExistingProject());
    setErrors({});
    setFormError(null);
    setTab('new');
  };
  const close = () => {
    setOpen(false);
    reset();
  };
  const requestClose = (next: boolean) => {
    if (next) return setOpen(true);
    if (dirty) return setConfirming(true);
    close();
  };

  const onFailure = (error: unknown) => {
    // spec point 8: a failed create keeps its server field errors in the form.
    if (isApiError(error, 422) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
    else setFormError(error instanceof Error ? error.message : t('common.requestFailed'));
  };

  const finish = async (campaign: { id: string | number; tier: number }, message: string) => {
    await invalidate();
    notify.success(message);
    created.current = true;
    close();
    navigate(to(campaignPath(campaign)));
  };

  const createProject = useCreateProjectMutation({
    onSuccess: async (result) => {
      const campaign = result.included[0];
      await finish(
        { id: campaign.id, tier: campaign.attributes.tier },
        t('projects.create.createdProject', { name: result.data.attributes.name }),
      );
    },
    onError: onFailure,
  });
  const createCampaign = useCreateCampaignMutation({
    onSuccess: async (result) => {
      await finish(
        { id: result.data.id, tier: result.data.attributes.tier },
        t('projects.create.createdCampaign', { name: result.data.attributes.name }),
      );
    },
    onError: onFailure,
  });
  const pending = createProject.isPending || createCampaign.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // spec point 5: errors are cleared before each request.
    setErrors({});
    setFormError(null);
    const checked = tab === 'new' ? checkNewProject(newProject) : checkExistingProject(existing);
    if (!checked.ok) return setErrors(checked.errors);
    if (tab === 'new') createProject.mutate(checked.payload as Parameters<typeof projectsApi.create>[0]);
    else createCampaign.mutate(checked.payload as Parameters<typeof projectsApi.createCampaign>[0]);
  };

  const errorOf = (path: string) => errors[path];
  const formId = 'create-campaign-form';

  return (
    <>
      <SidePanel
        open={open}
        onOpenChange={requestClose}
        title={t('shell.create.title')}
        description={t('shell.create.description')}
        closeLabel={t('common.close')}
        onCloseAutoFocus={(event) => {
          if (!created.current) return;
          created.current = false;
          event.preventDefault();
          // The layout's page area (the skip link's target): the next Tab is the new page's first control.
          document.getElementById('content')?.focus();
        }}
        footer={
          <>
            <Button variant="secondary" onClick={() => requestClose(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={pending}>
              {tab === 'new' ? t('projects.create.submitProject') : t('projects.create.submitCampaign')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <Tabs.Root
            value={tab}
            onValueChange={(value) => {
              setTab(value as Tab);
              setErrors({});
              setFormError(null);
            }}
          >
            <Tabs.List
              className="flex gap-1 rounded-lg bg-slate-100 p-1"
              aria-label={t('shell.create.title')}
            >
              <Tabs.Trigger value="new" className={tabClass}>
                {t('shell.create.newProject')}
              </Tabs.Trigger>
              <Tabs.Trigger value="existing" className={tabClass}>
                {t('shell.create.existingProject')}
              </Tabs.Trigger>
            </Tabs.List>
            {formError ? (
              <Alert tone="error" className="mt-5">
                {formError}
              </Alert>
            ) : null}
            {/* Not a Tab stop of its own (Radix's default): it holds the inputs, and its outline was hidden. */}
            <Tabs.Content value="new" tabIndex={-1} className="mt-5 space-y-5 focus-visible:outline-none">
              <DomainRows
                domains={newProject.domains}
                onChange={(domains) => setNewProject((s) => withDomains(s, domains))}
                errorOf={errorOf}
                addLabel={`${t('projects.create.addRedirect')} ${t('projects.create.redirectCodes')}`}
              />
              <TextField
                label={t('projects.create.projectName')}
                name="projectName"
                value={newProject.projectName}
                placeholder={t('projects.create.projectNamePlaceholder')}
                onChange={(e) => setNewProject((s) => ({ ...s, projectName: e.target.value }))}
                error={errorOf('projectName') ?? errorOf('name')}
              />
              <TextField
                label={t('projects.create.campaignName')}
                name="campaignName"
                value={newProject.campaignName}
                placeholder={t('projects.create.campaignNamePlaceholder')}
                onChange={(e) => setNewProject((s) => ({ ...s, campaignName: e.target.value }))}
                error={errorOf('campaignName')}
              />
              <CategoryField
                value={newProject.category}
                onChange={(category) => setNewProject((s) => ({ ...s, category }))}
                errorOf={errorOf}
              />
            </Tabs.Content>
            <Tabs.Content
              value="existing"
              tabIndex={-1}
              className="mt-5 space-y-5 focus-visible:outline-none"
            >
              <Field label={t('projects.create.project')} error={errorOf('project')}>
                {(control) => (
                  <ProjectPicker
                    control={control}
                    value={existing.project}
                    onChange={(project) => setExisting((s) => ({ ...s, project }))}
                  />
                )}
              </Field>
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium text-slate-700">
                  {t('projects.create.tier')}
                </legend>
                <RadioCards
                  label={t('projects.create.tier')}
                  name="tier"
                  value={existing.tier}
                  onChange={(tier) => setExisting((s) => ({ ...s, tier: tier as '1' | '2' }))}
                  items={(['1', '2'] as const).map((tier) => ({
                    value: tier,
                    label: t(`projects.tier.t${tier}`),
                    description: t(`projects.tierHint.t${tier}`),
                  }))}
                />
                {errorOf('tier') ? (
                  <p className="mt-1.5 text-sm text-rose-600">{errorOf('tier')?.[0]}</p>
                ) : null}
              </fieldset>
              <TextField
                label={t('projects.create.campaignName')}
                name="name"
                value={existing.name}
                placeholder={t('projects.create.campaignNamePlaceholder')}
                onChange={(e) => setExisting((s) => ({ ...s, name: e.target.value }))}
                error={errorOf('name')}
              />
            </Tabs.Content>
          </Tabs.Root>
        </form>
      </SidePanel>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('shell.unsaved.title')}
        body={t('shell.unsaved.body')}
        cancelLabel={t('shell.unsaved.cancel')}
        confirmLabel={t('shell.unsaved.close')}
        onConfirm={close}
      />
    </>
  );
}
