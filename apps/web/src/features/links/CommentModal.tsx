import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notices.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { inputClass } from '@/ui/Input.tsx';
import { Modal } from '@/ui/Modal.tsx';
import type { Link } from './api/links.ts';
import { useUpdateLink } from './api/linkWrites.ts';

/** The comments modal: `PUT links/{id}` with the URL unchanged (without protocol) and the comment. */
export function CommentModal({ link, onClose }: { link: Link | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [comment, setComment] = useState('');
  useEffect(() => setComment(link?.attributes.comment ?? ''), [link]);
  const save = useUpdateLink({
    onSuccess: () => {
      notify.success(t('linksUi.comments.saved'));
      onClose();
    },
  });
  return (
    <Modal
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('linksUi.comments.title')}
      description={link?.attributes.urlWithoutProtocol}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() =>
              save.mutate({
                id: link!.id,
                payload: { url: link!.attributes.urlWithoutProtocol, comment: comment.trim() || null },
              })
            }
            loading={save.isPending}
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="sr-only">
        {t('linksUi.comments.label', { url: link?.attributes.urlWithoutProtocol ?? '' })}
      </label>
      <textarea
        id={id}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        rows={5}
        maxLength={2000}
        placeholder={t('linksUi.comments.placeholder')}
        className={cn(inputClass, 'h-auto py-2')}
      />
      {save.isError ? (
        <Alert tone="error" className="mt-3">
          {save.error.message}
        </Alert>
      ) : null}
    </Modal>
  );
}
