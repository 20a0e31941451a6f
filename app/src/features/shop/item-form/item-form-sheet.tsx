import type { FormValue, ShopCategory, ShopUploadFields } from '@botdeck/api';
import { useApiClient } from '@botdeck/api';
import type { ValidationIssue } from '@botdeck/core';
import {
  useBackButton,
  useClosingConfirmation,
  usePlatform,
  useVerticalSwipesLock,
} from '@botdeck/platform';
import {
  Banner,
  Button,
  CheckIcon,
  ConfirmDialog,
  ErrorDialog,
  IconButton,
  MediaPicker,
  QuantityPicker,
  Sheet,
  SheetContent,
  TextArea,
  TextField,
} from '@botdeck/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import editorTexts from '../../../../../locales/en.json?screen=editor';
import shopTexts from '../../../../../locales/en.json?screen=shop';
import shopFormTexts from '../../../../../locales/en.json?screen=shopForm';
import { ScreenTexts, useI18n } from '../../../i18n';
import '../../../i18n/validation-texts';
import { useMediaPickerLabels } from '../../../shell/editor-texts';
import { useErrorReport } from '../../../shell/error-reporting';
import { useDraft } from '../../../shell/use-draft';
import { CategoryField } from './category-field';
import styles from './item-form.module.css';
import {
  addCategory,
  categoryChoices,
  draftDiffers,
  draftFits,
  formIssues,
  type ItemDraft,
  type ItemFormField,
  type ItemFormTarget,
  type ItemFormValues,
  initialValues,
  itemDraftKey,
  parseItemDraft,
  type QuantityValidity,
  sameValues,
  storedDraftOf,
  uploadOf,
  valuesFromDraft,
} from './item-form-model';
import { ItemImageField } from './item-image-field';
import { PriceField } from './price-field';

/**
 * The form's own English texts, the media picker's and the shop's it shares ("Add item", "You
 * receive N ⭐"): they travel in this chunk (the shop's group is the screen's module, not a copy).
 */
const ENGLISH = { shop: shopTexts, shopForm: shopFormTexts, editor: editorTexts };

export interface ItemFormSheetProps {
  botId: number;
  /** 'add' a new item, or edit the item at categories[ind].items[ind2]. */
  target: ItemFormTarget;
  /** The shop's categories as the server last sent them (ShopCategory[] from @botdeck/api). */
  categories: ShopCategory[];
  /** The bot's username: the upload start link for a file id. */
  username: string;
  /** The platform's cut in percent (the shop answer's `fee`). */
  fee: number;
  /** Sends the upload (the screen passes useShop(botId).upload); rejects with the API error. */
  upload: (
    fields: Omit<ShopUploadFields, 'id' | 'bot_id'>,
    files: { file1?: FormValue; file2?: FormValue },
  ) => Promise<{ msg?: string | null }>;
  /** The form is done: saved (with the server's message to show) or cancelled. */
  onClose: (result: { saved: boolean; msg?: string }) => void;
}

/**
 * The shop editor's add/edit item form (SPEC 3 "/shop", 4 "Shop", 5), a full-screen sheet the
 * shop screen opens: back arrow, title and a save check that spins while saving; category
 * (adding a new one on the spot, hidden when editing), name, description, price with what the
 * editor receives, stock limits, picture and reward. Save checks SPEC's rules in SPEC's order
 * and shows the first failure in a dialog titled Invalid; the upload's failure shows in one
 * titled Failed and leaves everything as typed. Unsaved edits are kept as a draft and offered
 * back; closing asks first while there are any, and so does Telegram.
 *
 * While it is open it owns Telegram's BackButton: the screen must hide its own meanwhile.
 */
export default function ItemFormSheet(props: ItemFormSheetProps) {
  return (
    <ScreenTexts english={ENGLISH}>
      <ItemForm {...props} />
    </ScreenTexts>
  );
}

/** A dialog the form shows: a rule that failed on Save (invalid), or a refused file (failed). */
interface Notice {
  variant: 'invalid' | 'failed';
  issue: ValidationIssue;
  /** The field to put the focus on once it is read. */
  field?: ItemFormField;
}

const ALL_VALID: QuantityValidity = { total: true, perUser: true };

function ItemForm({
  botId,
  target,
  categories,
  username,
  fee,
  upload,
  onClose,
}: ItemFormSheetProps) {
  const { t, locale, dir } = useI18n();
  const platform = usePlatform();
  const client = useApiClient();
  const { report } = useErrorReport();
  const mediaLabels = useMediaPickerLabels();
  const formId = useId();
  const body = useRef<HTMLFieldSetElement>(null);

  // What the form started from. The categories may change under it (another save elsewhere);
  // the form keeps what it opened with.
  const [initial] = useState(() => initialValues(categories, target, client.shopImageUrl));
  const [values, setValues] = useState<ItemFormValues | null>(initial);
  const [quantities, setQuantities] = useState<QuantityValidity>(ALL_VALID);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  // Errors show beside their fields once Save was pressed; the first also in a dialog.
  const [saveTried, setSaveTried] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [askingToLeave, setAskingToLeave] = useState(false);
  // Files of a restored draft, to be picked again.
  const [pickAgain, setPickAgain] = useState<{ image: string | null; reward: string | null }>({
    image: null,
    reward: null,
  });

  const dirty = values !== null && initial !== null && !sameValues(values, initial);
  const issues = useMemo(
    () => (values ? formIssues(values, quantities) : []),
    [values, quantities],
  );
  const fieldError = (field: ItemFormField) => {
    const issue = saveTried ? issues.find((found) => found.field === field) : undefined;
    return issue ? t(issue.key, issue.values) : undefined;
  };

  // The item to edit went away (deleted elsewhere, the list moved): nothing to show.
  useEffect(() => {
    if (initial === null) onClose({ saved: false });
  }, [initial, onClose]);

  const draftKey = itemDraftKey(botId, target);
  const draft = useDraft(initial ? draftKey : null, parseItemDraft);
  const [offerSettled, setOfferSettled] = useState(false);
  const offer: ItemDraft | null =
    !offerSettled &&
    initial !== null &&
    draft.stored &&
    draftFits(draft.stored, target, categories) &&
    draftDiffers(draft.stored, initial, categories)
      ? draft.stored
      : null;
  // Once saved or discarded, the form is about to go: nothing it still holds is a draft.
  const finished = useRef(false);

  useClosingConfirmation(dirty);
  useVerticalSwipesLock(dirty);

  const { stored, save: keepDraft, clear: clearDraft } = draft;
  useEffect(() => {
    // Until the old draft has been read, writing would overwrite what is about to be offered.
    if (stored === undefined || finished.current || values === null) return;
    if (dirty) keepDraft(storedDraftOf(values, target, categories));
    // While an old draft is on offer, it stays stored until the person chooses.
    else if (!offer) clearDraft();
  }, [stored, dirty, values, offer, target, categories, keepDraft, clearDraft]);

  const close = (result: { saved: boolean; msg?: string }) => {
    finished.current = true;
    onClose(result);
  };

  /** Back, Escape or Telegram's BackButton: asks first while there are unsaved edits. */
  const requestClose = () => {
    if (savingRef.current) return;
    if (dirty) setAskingToLeave(true);
    else close({ saved: false });
  };

  const discardAndClose = () => {
    clearDraft();
    close({ saved: false });
  };

  // Telegram's BackButton closes the form. Taken one commit after opening, so it is shown after
  // the screen has hidden its own in the same commit (effects of a parent run after its
  // children's, and the screen's `hide` would otherwise win).
  const [ownsBackButton, setOwnsBackButton] = useState(false);
  useEffect(() => setOwnsBackButton(true), []);
  useBackButton(ownsBackButton ? requestClose : null);

  if (values === null || initial === null) return null;

  const change = (patch: Partial<ItemFormValues>) =>
    setValues((current) => (current ? { ...current, ...patch } : current));

  /**
   * Puts the focus on a field at fault: its text or number input, else its first button. Says
   * whether it found one.
   */
  const focusField = (field: ItemFormField): boolean => {
    const scope = body.current?.querySelector(`[data-field="${field}"]`);
    const control =
      scope?.querySelector<HTMLElement>('input:not([aria-hidden="true"]), textarea') ??
      scope?.querySelector<HTMLElement>('button');
    if (!control) return false;
    control.focus();
    control.scrollIntoView({ block: 'center' });
    return true;
  };

  const save = async () => {
    if (savingRef.current) return;
    const first = issues[0];
    if (first) {
      setSaveTried(true);
      setNotice({ variant: 'invalid', issue: first, field: first.field });
      platform.haptic.notification('error');
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      const { fields, files } = uploadOf(values, target);
      const answer = await upload(fields, files);
      clearDraft();
      platform.haptic.notification('success');
      close({ saved: true, ...(answer.msg ? { msg: answer.msg } : {}) });
    } catch (failure) {
      // SPEC 8: the server's msg, or "An error occurred, try again", titled Failed. Nothing
      // typed is lost: the form stays as it was.
      report(failure, { variant: 'failed' });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  /** A file refused on picking: too large is a Failed dialog (SPEC 8); the reason stays inline. */
  const refuseFile = (issue: ValidationIssue) => {
    if (issue.key === 'validation.media.tooLarge') setNotice({ variant: 'failed', issue });
  };

  const restore = () => {
    if (!offer) return;
    setValues(valuesFromDraft(offer, initial, categories));
    setPickAgain({ image: offer.imageFile, reward: offer.reward.pickedFile });
    setOfferSettled(true);
    requestAnimationFrame(() => focusField('name'));
  };

  const dismissDraft = () => {
    setOfferSettled(true);
    clearDraft();
  };

  const offerText = (found: ItemDraft) => {
    const image = found.imageFile;
    const reward = found.reward.pickedFile;
    const again =
      image && reward
        ? t('shopForm.filesAgain', { image, reward })
        : image || reward
          ? t('shopForm.fileAgain', { name: (image ?? reward) as string })
          : null;
    return again ? `${t('shopForm.draftText')} ${again}` : t('shopForm.draftText');
  };

  const choices = categoryChoices(categories, values.addedCategories);
  const fieldId = (field: ItemFormField) => `${formId}-${field}`;
  const rewardPickAgain = pickAgain.reward && !values.reward.file ? pickAgain.reward : null;

  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) requestClose();
      }}
    >
      <SheetContent
        title={target.mode === 'add' ? t('shop.addItem') : t('shopForm.editTitle')}
        backLabel={t('common.back')}
        aria-busy={saving || undefined}
        actions={
          <IconButton
            label={t('common.save')}
            variant="ghost"
            loading={saving}
            data-slot="item-form-save"
            onClick={() => void save()}
          >
            <CheckIcon />
          </IconButton>
        }
      >
        {offer ? (
          <Banner
            className={styles.banner}
            title={t('shopForm.draftTitle')}
            text={offerText(offer)}
            actions={
              <>
                <Button onClick={restore}>{t('shopForm.restore')}</Button>
                <Button variant="secondary" onClick={dismissDraft}>
                  {t('shopForm.dismissDraft')}
                </Button>
              </>
            }
          />
        ) : null}
        <form
          noValidate
          className={styles.form}
          onSubmit={(event) => {
            // Enter in a field does not save: the check in the header does, pressed on purpose.
            event.preventDefault();
          }}
        >
          {/*
            While saving, texts are read-only and choices disabled: what is sent is what shows.
            (Not a disabled fieldset: the scrolling body would hold nothing focusable.)
          */}
          <fieldset ref={body} className={styles.fieldset}>
            <div className={styles.card}>
              {target.mode === 'add' ? (
                <div data-field="category">
                  <CategoryField
                    id={fieldId('category')}
                    choices={choices}
                    value={values.category}
                    onValueChange={(category) => change({ category })}
                    check={(name) => addCategory(values, name, categories).issue}
                    onAdd={(name) =>
                      setValues((current) =>
                        current
                          ? (addCategory(current, name, categories).values ?? current)
                          : current,
                      )
                    }
                    error={fieldError('category')}
                    disabled={saving}
                    dir={dir}
                  />
                </div>
              ) : null}
              <div data-field="name">
                <TextField
                  id={fieldId('name')}
                  label={t('shopForm.name')}
                  limit={50}
                  autoComplete="off"
                  enterKeyHint="next"
                  readOnly={saving}
                  value={values.name}
                  onValueChange={(name) => change({ name })}
                  error={fieldError('name')}
                />
              </div>
              <div data-field="description">
                <TextArea
                  id={fieldId('description')}
                  label={t('shopForm.description')}
                  limit={500}
                  rows={3}
                  readOnly={saving}
                  value={values.description}
                  onValueChange={(description) => change({ description })}
                  error={fieldError('description')}
                />
              </div>
              <div data-field="price">
                <PriceField
                  id={fieldId('price')}
                  value={values.price}
                  onValueChange={(price) => change({ price })}
                  fee={fee}
                  readOnly={saving}
                  error={fieldError('price')}
                />
              </div>
            </div>

            <div className={styles.card}>
              <div data-field="allLimit">
                <QuantityPicker
                  kind="total"
                  label={t('shopForm.quantity')}
                  labels={{
                    unlimited: t('common.unlimited'),
                    custom: t('common.custom'),
                    customInput: t('shopForm.customQuantity'),
                  }}
                  value={values.allLimit}
                  onValueChange={(allLimit) => change({ allLimit })}
                  onValidityChange={(total) => setQuantities((current) => ({ ...current, total }))}
                  formatError={(issue) => t(issue.key, issue.values)}
                  locale={locale}
                  dir={dir}
                  disabled={saving}
                />
              </div>
              <div data-field="limit">
                <QuantityPicker
                  kind="perUser"
                  label={t('shopForm.perUser')}
                  labels={{
                    unlimited: t('common.unlimited'),
                    custom: t('common.custom'),
                    customInput: t('shopForm.customPerUser'),
                  }}
                  value={values.limit}
                  onValueChange={(limit) => change({ limit })}
                  onValidityChange={(perUser) =>
                    setQuantities((current) => ({ ...current, perUser }))
                  }
                  formatError={(issue) => t(issue.key, issue.values)}
                  locale={locale}
                  dir={dir}
                  disabled={saving}
                />
              </div>
            </div>

            <div className={styles.card} data-field="image">
              <ItemImageField
                image={values.image}
                onPick={(file) => change({ image: { ...values.image, file } })}
                onRefuse={refuseFile}
                error={fieldError('image')}
                pickAgain={pickAgain.image}
                disabled={saving}
              />
            </div>

            <section
              className={styles.card}
              data-field="reward"
              aria-labelledby={`${formId}-reward-title`}
            >
              <div>
                <h3 id={`${formId}-reward-title`} className={styles.heading}>
                  {t('shopForm.reward')}
                </h3>
                <p className={styles.hint}>{t('shopForm.rewardIntro')}</p>
              </div>
              <TextArea
                id={fieldId('reward')}
                label={t('shopForm.rewardText')}
                rows={3}
                readOnly={saving}
                value={values.rewardText}
                onValueChange={(rewardText) => change({ rewardText })}
                error={fieldError('reward')}
              />
              <MediaPicker
                context="shop"
                value={values.reward}
                onValueChange={(reward) => change({ reward })}
                labels={mediaLabels}
                formatError={(issue) => t(issue.key, issue.values)}
                onError={refuseFile}
                uploadViaTelegramUrl={`https://t.me/${username}?start=fileid`}
                onOpenUploadLink={(url) => platform.openTelegramLink(url)}
                locale={locale}
                dir={dir}
                disabled={saving}
              />
              {rewardPickAgain ? (
                <p className={styles.notice}>
                  {t('shopForm.pickAgain', { name: rewardPickAgain })}
                </p>
              ) : null}
            </section>
          </fieldset>
        </form>
      </SheetContent>
      {notice ? (
        <ErrorDialog
          open
          onOpenChange={(open) => {
            if (!open) setNotice(null);
          }}
          variant={notice.variant}
          message={t(notice.issue.key, notice.issue.values)}
          titles={{
            invalid: t('dialog.titles.invalid'),
            failed: t('dialog.titles.failed'),
          }}
          okLabel={t('common.ok')}
          // As the dialog goes, not after its action's delay: keys pressed right after OK (or
          // Escape) go into the field it named rather than to Save, where they were lost.
          onCloseAutoFocus={(event) => {
            if (notice.field && focusField(notice.field)) event.preventDefault();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={askingToLeave}
        onOpenChange={setAskingToLeave}
        variant="destructive"
        title={t('shopForm.discardTitle')}
        text={t('shopForm.discardText')}
        confirmLabel={t('shopForm.discard')}
        cancelLabel={t('shopForm.keepEditing')}
        onConfirm={discardAndClose}
      />
    </Sheet>
  );
}
