import type { ShopItem } from '@botdeck/api';
import { safeUrl } from '@botdeck/core';
import { useBackButton } from '@botdeck/platform';
import { Dialog, DialogContent } from '@botdeck/ui';
import { useI18n } from '../../i18n';
import styles from './shop.module.css';

export interface ItemPreviewProps {
  item: ShopItem;
  imageUrl: string;
  onClose: () => void;
}

/**
 * The preview overlay (SPEC 3): the item's image large, its name and description. Escape, a tap
 * outside, the × and Telegram's BackButton close it (the screen hands the BackButton over while
 * it is open).
 */
export function ItemPreview({ item, imageUrl, onClose }: ItemPreviewProps) {
  const { t } = useI18n();
  useBackButton(onClose);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        className={styles.previewDialog}
        title={<bdi>{item.name}</bdi>}
        description={<bdi>{item.info}</bdi>}
        closeLabel={t('common.close')}
      >
        <img
          className={styles.previewImage}
          src={safeUrl(imageUrl) ?? undefined}
          alt={t('shop.preview', { name: item.name })}
        />
      </DialogContent>
    </Dialog>
  );
}
