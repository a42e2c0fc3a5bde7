import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCampaign } from '@/app/createCampaign.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { cn } from '@/ui/cn.ts';
import { ConfirmDialog, SlideOver } from '@/ui/Dialog.tsx';

const tabClass = cn(
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted transition-colors',
  'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
  'focus-visible:outline-2 focus-visible:outline-brand-500',
);

/**
 * spec point 2, create project/campaign slide-over. The forms come with the projects feature; the
 * frame already asks before closing with unsaved changes ('You have unsaved changes').
 */
export function CreateCampaignSlideOver() {
  const { t } = useTranslation();
  const { open, setOpen } = useCreateCampaign();
  const [dirty] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const requestClose = (next: boolean) => {
    if (next) return setOpen(true);
    if (dirty) return setConfirming(true);
    setOpen(false);
  };

  return (
    <>
      <SlideOver
        open={open}
        onOpenChange={requestClose}
        title={t('shell.create.title')}
        description={t('shell.create.description')}
        closeLabel={t('common.close')}
      >
        <Tabs.Root defaultValue="new">
          <Tabs.List className="flex gap-1 rounded-lg bg-slate-100 p-1" aria-label={t('shell.create.title')}>
            <Tabs.Trigger value="new" className={tabClass}>
              {t('shell.create.newProject')}
            </Tabs.Trigger>
            <Tabs.Trigger value="existing" className={tabClass}>
              {t('shell.create.existingProject')}
            </Tabs.Trigger>
          </Tabs.List>
          {(['new', 'existing'] as const).map((tab) => (
            <Tabs.Content key={tab} value={tab} className="mt-5 focus-visible:outline-none">
              <Alert tone="info">{t('shell.create.placeholder')}</Alert>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </SlideOver>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('shell.unsaved.title')}
        body={t('shell.unsaved.body')}
        cancelLabel={t('shell.unsaved.cancel')}
        confirmLabel={t('shell.unsaved.close')}
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}
