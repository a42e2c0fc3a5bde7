import { useQueryClient } from '@tanstack/react-query';
import { UserRoundCog } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { endActing, useActingSession } from './acting.ts';

/** On every page while an operator acts as a customer: who, until when, and the way back. */
export function ActingBanner() {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useActingSession();

  const leave = async () => {
    const ended = await endActing(queryClient);
    if (ended) navigate(to(`/admin/users/${ended.userId}`));
  };

  // The session ends by itself on the server; the operator is brought back at the same moment.
  useEffect(() => {
    if (!session) return;
    const left = Date.parse(session.expiresAt) - Date.now();
    const timer = setTimeout(() => void leave(), Math.max(0, left));
    return () => clearTimeout(timer);
  });

  if (!session) return null;
  return (
    <div
      role="status"
      data-testid="acting-banner"
      className="border-b border-violet-200 bg-violet-50 text-violet-950"
    >
      <div className="flex flex-wrap items-center gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <UserRoundCog className="size-4 shrink-0 text-violet-600" aria-hidden />
        <p className="min-w-0 flex-1 text-sm">
          {t('admin.acting.banner', { email: session.email, time: format.dateTime(session.expiresAt) })}
        </p>
        <button
          type="button"
          onClick={() => void leave()}
          className="rounded-md bg-violet-600 px-3 py-1 text-sm font-medium text-white hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        >
          {t('admin.acting.leave')}
        </button>
      </div>
    </div>
  );
}
