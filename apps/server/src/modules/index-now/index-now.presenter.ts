import { iso, resource } from '../../http/present.ts';
import type { ProjectKey } from './index-now.service.ts';

export function presentIndexNowKey(projectKey: ProjectKey, params: { enabled: boolean }) {
  return resource('indexNowKeys', projectKey.projectId, {
    enabled: params.enabled,
    key: projectKey.key,
    keyFileUrl: projectKey.keyFileUrl,
    verifiedAt: projectKey.verifiedAt ? iso(projectKey.verifiedAt) : null,
  });
}
