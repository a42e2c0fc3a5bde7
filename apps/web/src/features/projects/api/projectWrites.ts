import type { TUpdateCampaignRequest, TUpdateProjectRequest } from '@linkwatch/shared';
import { useMutation } from '@tanstack/react-query';
import { projectsApi } from './projects.ts';

// The settings and create forms' writes. What follows a write (refreshing, notices, navigation) stays with
// the form: its order differs from form to form (a delete closes and leaves before the lists refresh).

type Callbacks<T> = { onSuccess: (result: T) => unknown; onError: (error: Error) => void };
type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export function useUpdateProject(id: string | number, callbacks: Callbacks<unknown>) {
  return useMutation({
    mutationFn: (payload: TUpdateProjectRequest) => projectsApi.update(id, payload),
    ...callbacks,
  });
}

export function useRemoveProject(id: string | number, callbacks: Callbacks<unknown>) {
  return useMutation({ mutationFn: () => projectsApi.remove(id), ...callbacks });
}

export function useUpdateCampaign(id: string | number, callbacks: Callbacks<unknown>) {
  return useMutation({
    mutationFn: (payload: TUpdateCampaignRequest) => projectsApi.updateCampaign(id, payload),
    ...callbacks,
  });
}

export function useRemoveCampaign(id: string | number, callbacks: Callbacks<unknown>) {
  return useMutation({ mutationFn: () => projectsApi.removeCampaign(id), ...callbacks });
}

export function useCreateProjectMutation(callbacks: Callbacks<Result<typeof projectsApi.create>>) {
  return useMutation({ mutationFn: projectsApi.create, ...callbacks });
}

/** Named apart from `useCreateCampaign`, the slide-over's open state. */
export function useCreateCampaignMutation(callbacks: Callbacks<Result<typeof projectsApi.createCampaign>>) {
  return useMutation({ mutationFn: projectsApi.createCampaign, ...callbacks });
}
