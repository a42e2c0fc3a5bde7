import type {
  AccountPermissionKey,
  FieldErrors,
  TInvitationAttributes,
  TMemberAttributes,
} from '@linkwatch/shared';
import { PERMISSION_PRESETS } from '@linkwatch/shared';
import { Mail, Pencil, Send, Trash2, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import type { Resource } from '@/api/types.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useMe } from '@/lib/session.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { ProfileSection } from '@/ui/ProfileSection.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateMember,
} from './api/team.ts';
import { type Access, PermissionPicker, permissionTitleKey } from './PermissionPicker.tsx';

type Member = Resource<'members', TMemberAttributes>;
type Invitation = Resource<'invitations', TInvitationAttributes>;

function useErrorNotice() {
  const { t } = useTranslation();
  return (error: unknown) => notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed'));
}

function EditMemberDialog({
  member,
  open,
  onOpenChange,
}: {
  member: Member;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation();
  const onError = useErrorNotice();
  const [access, setAccess] = useState<Access>({
    roleId: member.attributes.roleId === 1 ? 1 : 2,
    permissions: member.attributes.permissions as AccountPermissionKey[],
  });
  const update = useUpdateMember(member.id, {
    onSuccess: () => {
      notify.success(t('team.ui.saved'));
      onOpenChange(false);
    },
    onError,
  });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('team.ui.edit', { name: member.attributes.name })}
      closeLabel={t('common.close')}
      footer={
        <Button loading={update.isPending} onClick={() => update.mutate(access)}>
          {t('team.ui.save')}
        </Button>
      }
    >
      <PermissionPicker value={access} onChange={setAccess} />
    </Modal>
  );
}

function MemberRow({ member, isMe }: { member: Member; isMe: boolean }) {
  const { t } = useTranslation();
  const onError = useErrorNotice();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { name, email, roleId, permissions, isOwner } = member.attributes;
  const remove = useRemoveMember(member.id, {
    onSuccess: () => notify.success(t('team.ui.removed')),
    onError,
  });
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3" data-member={email}>
      <UserRound className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
          <span className="truncate">{name}</span>
          {isMe ? <span className="text-xs text-ink-subtle">({t('team.ui.you')})</span> : null}
          <Badge tone={isOwner ? 'brand' : 'neutral'}>
            {isOwner ? t('team.ui.owner') : t(`team.ui.roles.${roleId === 1 ? 1 : 2}`)}
          </Badge>
        </p>
        <p className="truncate text-xs text-ink-subtle">{email}</p>
        {isOwner ? null : (
          <p className="mt-1 text-xs text-ink-muted">
            {permissions.map((k) => t(permissionTitleKey(k))).join(' · ')}
          </p>
        )}
      </div>
      {isOwner || isMe ? null : (
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => setEditing(true)}
            aria-label={t('team.ui.edit', { name })}
          >
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            loading={remove.isPending}
            onClick={() => setConfirming(true)}
            aria-label={t('team.ui.remove', { name })}
          >
            {remove.isPending ? null : <Trash2 className="size-4" aria-hidden />}
          </Button>
          {editing ? <EditMemberDialog member={member} open={editing} onOpenChange={setEditing} /> : null}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('team.ui.removeTitle')}
            body={t('team.ui.removeBody', { name })}
            cancelLabel={t('common.cancel')}
            confirmLabel={t('team.ui.removeConfirm')}
            onConfirm={() => remove.mutate()}
          />
        </div>
      )}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const onError = useErrorNotice();
  const { email, roleId, expiresAt } = invitation.attributes;
  const revoke = useRevokeInvitation(invitation.id, {
    onSuccess: () => notify.success(t('team.ui.revoked')),
    onError,
  });
  return (
    <li className="flex items-center gap-3 py-2" data-invitation={email}>
      <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
      {/* The address on its line (cut with a tooltip), the role and expiry under it: on one line a long
          address cut them off, even at 1440 px. */}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-ink" title={email}>
          {email}
        </p>
        <p className="text-xs text-ink-subtle">
          {t(`team.ui.roles.${roleId === 1 ? 1 : 2}`)} ·{' '}
          {t('team.ui.expires', { date: format.date(expiresAt, true) })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        loading={revoke.isPending}
        onClick={() => revoke.mutate()}
        aria-label={t('team.ui.revoke', { email })}
      >
        {revoke.isPending ? null : <Trash2 className="size-4" aria-hidden />}
      </Button>
    </li>
  );
}

const START: Access = {
  roleId: PERMISSION_PRESETS.readOnlyClient.roleId,
  permissions: [...PERMISSION_PRESETS.readOnlyClient.permissions],
};

function InviteForm() {
  const { t } = useTranslation();
  const onError = useErrorNotice();
  const [email, setEmail] = useState('');
  const [access, setAccess] = useState<Access>(START);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useInvite({
    onMutate: () => setErrors({}),
    onSuccess: () => {
      notify.success(t('team.ui.invited', { email }));
      setEmail('');
    },
    onError: (error) => {
      if (isApiError(error, 422) && Object.keys(error.fieldErrors).length) setErrors(error.fieldErrors);
      else onError(error);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ email, roleId: access.roleId, permissions: access.permissions });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-b-xl border-t border-line bg-slate-50/60 px-6 py-5"
    >
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          className="min-w-56 flex-1"
          label={t('team.ui.email')}
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email ?? errors.permissions ?? (errors._ && !errors.email ? errors._ : undefined)}
        />
        <Button
          type="submit"
          className="mt-6"
          loading={invite.isPending}
          icon={<Send className="size-4" aria-hidden />}
        >
          {t('team.ui.invite')}
        </Button>
      </div>
      <PermissionPicker value={access} onChange={setAccess} />
    </form>
  );
}

/** Profile → Users (the spec's "update users", issue 27): the team, invitations, and the invite form. */
export function UsersSection() {
  const { t } = useTranslation();
  const me = useMe().data;
  const members = useMembers();
  const invitations = useInvitations();
  return (
    <ProfileSection title={t('team.ui.title')} description={t('team.ui.description')}>
      <div className="px-6 py-2" data-testid="team-members">
        {members.isPending ? (
          <div className="space-y-2 py-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : members.isError ? (
          <Alert tone="error">{t('team.ui.loadFailed')}</Alert>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {members.data.map((m) => (
                <MemberRow key={m.id} member={m} isMe={String(m.id) === String(me?.id)} />
              ))}
            </ul>
            {members.data.length <= 1 ? (
              <p className="py-3 text-sm text-ink-muted">{t('team.ui.empty')}</p>
            ) : null}
          </>
        )}
      </div>
      <div className="border-t border-line px-6 py-3">
        <h3 className="text-sm font-medium text-ink">{t('team.ui.pending')}</h3>
        {invitations.data?.length ? (
          <ul className="divide-y divide-slate-100">
            {invitations.data.map((i) => (
              <InvitationRow key={i.id} invitation={i} />
            ))}
          </ul>
        ) : (
          <p className="py-2 text-sm text-ink-muted">
            {invitations.isPending ? '…' : t('team.ui.noPending')}
          </p>
        )}
      </div>
      <InviteForm />
    </ProfileSection>
  );
}
