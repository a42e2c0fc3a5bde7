import {
  type FieldErrors,
  issuesToFieldErrors,
  ZCreateCampaignRequest,
  ZCreateCategoryRequest,
  ZCreateProjectRequest,
} from '@linkwatch/shared';
import { currentLocale } from '@/lib/i18n.ts';
import type { ComboOption } from '@/ui/Combobox.tsx';
import { type CategoryChoice, categoryPayload, noCategory } from './CategoryField.tsx';

export type NewProjectState = {
  domains: string[];
  projectName: string;
  campaignName: string;
  category: CategoryChoice;
};
export type ExistingProjectState = { project: ComboOption | null; tier: '1' | '2'; name: string };

export const emptyNewProject = (): NewProjectState => ({
  domains: [''],
  projectName: '',
  campaignName: '',
  category: noCategory(),
});
export const emptyExistingProject = (): ExistingProjectState => ({ project: null, tier: '1', name: '' });

export function isNewProjectDirty(state: NewProjectState): boolean {
  return (
    state.domains.length > 1 ||
    state.domains.some((d) => d.trim()) ||
    !!state.projectName ||
    !!state.campaignName ||
    state.category.mode !== 'none'
  );
}

export function isExistingProjectDirty(state: ExistingProjectState): boolean {
  return state.project !== null || state.tier !== '1' || !!state.name;
}

/**
 * spec point 2: entering the first domain fills the project name when it is empty. A name the form
 * filled itself keeps following the domain; one the user typed is left alone.
 */
export function withDomains(state: NewProjectState, domains: string[]): NewProjectState {
  const before = state.domains[0] ?? '';
  const after = domains[0] ?? '';
  const followsDomain = state.projectName === '' || state.projectName === before.trim();
  return {
    ...state,
    domains,
    projectName: followsDomain && after !== before ? after.trim() : state.projectName,
  };
}

type Checked<T> = { ok: true; payload: T } | { ok: false; errors: FieldErrors };

/** The same zod rules as the server, so the messages match its 422 answers. */
export function checkNewProject(state: NewProjectState): Checked<{
  domains: string[];
  mainDomain: string;
  projectName: string;
  campaignName: string;
  category?: number | null;
  categoryName?: string;
}> {
  const domains = state.domains.map((d) => d.trim());
  const payload = {
    domains,
    mainDomain: domains[0] ?? '',
    projectName: state.projectName.trim(),
    campaignName: state.campaignName.trim(),
    ...categoryPayload(state.category),
  };
  const parsed = ZCreateProjectRequest.safeParse(payload);
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, currentLocale());
  // A new category needs a name, by the rule of POST categories/ (the project's schema lets it out).
  const category = ZCreateCategoryRequest.safeParse({ name: payload.categoryName });
  if (state.category.mode === 'new' && !category.success) {
    const issues = category.error.issues.map((issue) => ({ ...issue, path: ['categoryName'] }));
    Object.assign(errors, issuesToFieldErrors(issues, currentLocale()));
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, payload };
}

export function checkExistingProject(
  state: ExistingProjectState,
): Checked<{ project: number; name: string; tier: number }> {
  const parsed = ZCreateCampaignRequest.safeParse({
    project: state.project?.value ?? '',
    name: state.name,
    tier: Number(state.tier),
  });
  if (!parsed.success)
    return { ok: false, errors: issuesToFieldErrors(parsed.error.issues, currentLocale()) };
  return { ok: true, payload: parsed.data };
}
