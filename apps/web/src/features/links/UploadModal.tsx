import { LINK_UPLOAD_EXTENSIONS } from '@linkwatch/shared';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useCampaigns } from '@/features/projects';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { Field } from '@/ui/Field.tsx';
import { FileDropZone, PickedFile } from '@/ui/FileDropZone.tsx';
import { inputClass } from '@/ui/Input.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { SegmentedTabs } from '@/ui/SegmentedTabs.tsx';
import { Select } from '@/ui/Select.tsx';
import { useUploadLinks } from './api/linkWrites.ts';
import { UploadResult } from './UploadResult.tsx';

const ACCEPT = LINK_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

type Mode = 'file' | 'paste';

/** Pasted links go through the file route (the spec has only `POST links/upload`) as a txt file. */
export function pastedFile(text: string): File {
  return new File([text], 'links.txt', { type: 'text/plain' });
}

const lineCount = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '').length;

type UploadModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The campaign page's campaign; on a project page the user picks one of its campaigns. */
  campaignId?: string | number;
  projectId?: string | number;
  tier?: number;
};

/**
 * spec point 2: upload-links modal with drag and drop (a 130 px area), a file picker and progress; or
 * links pasted by hand, one a line, sent as a txt file.
 */
export function UploadModal({ open, onOpenChange, campaignId, projectId, tier }: UploadModalProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [mode, setMode] = useState<Mode>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [progress, setProgress] = useState(0);
  const [chosenCampaign, setChosenCampaign] = useState('');
  const campaigns = useCampaigns(
    { project: projectId, tier },
    open && campaignId === undefined && projectId !== undefined,
  );
  const target = campaignId ?? chosenCampaign;

  const upload = useUploadLinks({ campaign: target, onProgress: setProgress });
  const errors = isApiError(upload.error, 422) ? upload.error.fieldErrors : {};
  const generalError =
    upload.error && !errors.file && !errors.campaign ? (upload.error as Error).message : null;

  const pastedLines = lineCount(pasted);
  const toSend = mode === 'file' ? file : pastedLines > 0 ? pastedFile(pasted) : null;

  const reset = () => {
    setFile(null);
    setPasted('');
    setProgress(0);
    upload.reset();
  };
  const change = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  const pick = (picked: File) => {
    upload.reset();
    setProgress(0);
    setFile(picked);
  };

  const result = upload.data;

  return (
    <Modal
      open={open}
      onOpenChange={change}
      title={t('linksUi.upload.title')}
      description={t('linksUi.upload.description')}
      closeLabel={t('common.close')}
      footer={
        result ? (
          <>
            <Button variant="secondary" onClick={reset}>
              {t('linksUi.upload.another')}
            </Button>
            <Button onClick={() => change(false)}>{t('linksUi.upload.done')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => change(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => toSend && upload.mutate(toSend)}
              disabled={!toSend || !target}
              loading={upload.isPending}
            >
              {t('linksUi.upload.submit')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="space-y-3">
          <Alert tone="success">{t('linksUi.upload.doneTitle')}</Alert>
          <UploadResult result={result} />
        </div>
      ) : (
        <div className="space-y-4">
          {campaignId === undefined ? (
            <Field label={t('linksUi.upload.campaign')} error={errors.campaign}>
              {(control) => (
                <Select
                  {...control}
                  name="campaign"
                  className="w-full"
                  value={chosenCampaign}
                  onChange={(e) => setChosenCampaign(e.target.value)}
                  placeholder={t('linksUi.upload.campaignPlaceholder')}
                  options={(campaigns.data ?? []).map((c) => ({
                    value: String(c.id),
                    label: c.attributes.name,
                  }))}
                />
              )}
            </Field>
          ) : null}
          <SegmentedTabs
            label={t('linksUi.upload.modes')}
            value={mode}
            onChange={(next) => {
              upload.reset();
              setMode(next);
            }}
            items={[
              { value: 'file', label: t('linksUi.upload.modeFile') },
              { value: 'paste', label: t('linksUi.upload.modePaste') },
            ]}
          />
          {mode === 'paste' ? (
            <Field
              label={t('linksUi.upload.pasteLabel')}
              hint={t('linksUi.upload.pasteLines', { count: pastedLines, value: format.number(pastedLines) })}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="links"
                  value={pasted}
                  onChange={(e) => setPasted(e.target.value)}
                  readOnly={upload.isPending}
                  rows={8}
                  spellCheck={false}
                  placeholder={t('linksUi.upload.pastePlaceholder')}
                  className={cn(inputClass, 'h-auto py-2 font-mono text-xs')}
                />
              )}
            </Field>
          ) : null}
          {mode === 'file' ? (
            <>
              <FileDropZone
                accept={ACCEPT}
                onPick={pick}
                invalid={Boolean(errors.file)}
                testId="dropzone"
                labels={{
                  drop: t('linksUi.upload.drop'),
                  or: t('linksUi.upload.or'),
                  choose: t('linksUi.upload.choose'),
                  formats: t('linksUi.upload.formats'),
                }}
              />
              {file ? (
                <PickedFile
                  file={file}
                  icon={file.name.toLowerCase().endsWith('.txt') ? FileText : FileSpreadsheet}
                  sending={upload.isPending}
                  progress={progress}
                  onRemove={reset}
                  testId="upload-file-name"
                  labels={{
                    progress: t('linksUi.upload.progress'),
                    uploading: t('linksUi.upload.uploading'),
                    processing: t('linksUi.upload.processing'),
                    remove: t('linksUi.upload.removeFile'),
                  }}
                />
              ) : null}
            </>
          ) : null}
          {errors.file ? (
            <Alert tone="error">{errors.file.join(' ')}</Alert>
          ) : generalError ? (
            <Alert tone="error">{generalError}</Alert>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
