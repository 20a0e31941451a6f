import { isApiError, useApiClient, useCaptcha } from '@botdeck/api';
import { safeUrl } from '@botdeck/core';
import { usePlatform } from '@botdeck/platform';
import { Button, CheckIcon, Spinner } from '@botdeck/ui';
import { Suspense, use, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import captchaTexts from '../../../../locales/en.json?screen=captcha';
import { type MessageKey, ScreenTexts, useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import { LazyErrorDialog } from '../../shell/lazy-parts';
import { ScreenUnavailable } from '../../shell/screen-states';
import styles from './captcha.module.css';
import { CaptchaWaitContext } from './captcha-wait';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { captcha: captchaTexts };

/**
 * Where the page stands: asking the server (the first two seconds, then the call), the grid,
 * passed (the checkmark, then the window closes), invalid (the server said close), or the
 * first call failed (Try again).
 */
type Phase = 'checking' | 'grid' | 'passed' | 'invalid' | 'unavailable';

/** The grid the server drew, as it sends it: a category and nine picture addresses. */
type ShownGrid = NonNullable<
  Awaited<ReturnType<ReturnType<typeof useCaptcha>['loadGrid']>>['grid']
>;

/**
 * /captcha?id=&msg=: the picture captcha a new group member opens from the bot's message. The
 * server drew the grid for this person and alone knows the answer: the page shows its pictures,
 * sends the picked cells and shows what the server judged (docs/api.md).
 */
export default function CaptchaScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <CaptchaPage />
    </ScreenTexts>
  );
}

function CaptchaPage() {
  const { t } = useI18n();
  const platform = usePlatform();
  const { report } = useErrorReport();
  const { verify, loadGrid } = useCaptcha();
  const client = useApiClient();
  const wait = use(CaptchaWaitContext);
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const msgId = search.get('msg') ?? '';
  const known = id !== '' && msgId !== '';

  const [phase, setPhase] = useState<Phase>(known ? 'checking' : 'invalid');
  const [attempt, setAttempt] = useState(0);
  const [grid, setGrid] = useState<ShownGrid | null>(null);
  const [picks, setPicks] = useState<readonly number[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [described, setDescribed] = useState(false);
  const titleId = useId();
  const instructionId = useId();
  const hintId = useId();
  const firstCell = useRef<HTMLButtonElement>(null);
  // After a wrong answer the person starts again on the new grid's first picture: focused once
  // that grid is drawn and Verify is done (the ref held the old grid's cell until then, and the
  // focus fell to the page with it).
  const [focusNewGrid, setFocusNewGrid] = useState(false);
  useEffect(() => {
    if (!focusNewGrid || sending) return;
    setFocusNewGrid(false);
    firstCell.current?.focus();
  }, [focusNewGrid, sending]);

  // On load: wait, then ask the server for this person's grid (or whether they passed already).
  // Try again (after a failed first call) asks at once.
  useEffect(() => {
    if (!known) return;
    let cancelled = false;
    const delay = attempt === 0 ? wait : 0;
    const timer = setTimeout(async () => {
      try {
        const answer = await loadGrid({ id, msg_id: msgId, grid: 'current' });
        if (cancelled) return;
        if (answer.passed || !answer.grid) setPhase('passed');
        else {
          setGrid(answer.grid);
          setPhase('grid');
        }
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error) && error.close) setPhase('invalid');
        else {
          report(error);
          setPhase('unavailable');
        }
      }
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [known, id, msgId, loadGrid, report, wait, attempt]);

  // Passed: the checkmark shows, then the window closes.
  useEffect(() => {
    if (phase !== 'passed') return;
    const timer = setTimeout(() => platform.close(), wait);
    return () => clearTimeout(timer);
  }, [phase, platform, wait]);

  /** Shows `next` as the grid: nothing picked. */
  const show = (next: ShownGrid) => {
    setGrid(next);
    setPicks([]);
  };

  const ask = async (which: 'current' | 'new', describe: boolean) => {
    const answer = await loadGrid({ id, msg_id: msgId, grid: which, describe });
    if (answer.grid) show(answer.grid);
    else setPhase('passed');
  };

  /** A failure of a call the grid makes: the invalid state when the server says close. */
  const failure = (error: unknown) => {
    if (isApiError(error) && error.close) setPhase('invalid');
    else report(error);
  };

  const toggle = (cell: number) => {
    setPicks((current) =>
      current.includes(cell) ? current.filter((c) => c !== cell) : [...current, cell].sort(),
    );
  };

  const refresh = async () => {
    if (sending) return;
    setSending(true);
    setFailed(false);
    try {
      await ask('new', described);
    } catch (error) {
      failure(error);
    } finally {
      setSending(false);
    }
  };

  const describe = async () => {
    const on = !described;
    setDescribed(on);
    if (!on || grid?.descriptions) return;
    try {
      const answer = await loadGrid({ id, msg_id: msgId, grid: 'current', describe: true });
      // The same grid, now with its words: the picks stay.
      if (answer.grid) setGrid(answer.grid);
    } catch (error) {
      failure(error);
    }
  };

  const submit = async () => {
    if (sending) return;
    setSending(true);
    setFailed(false);
    try {
      // `correct` is the contract's; only the picks count, judged by the server.
      await verify({ id, msg_id: msgId, correct: true, picks: [...picks] });
      platform.haptic.notification('success');
      setPhase('passed');
    } catch (error) {
      if (isApiError(error) && error.close) setPhase('invalid');
      else if (isApiError(error) && error.kind === 'server') {
        platform.haptic.notification('error');
        setFailed(true);
        // The server drew a new grid with its answer.
        try {
          await ask('current', described);
          setFocusNewGrid(true);
        } catch (next) {
          failure(next);
        }
      } else report(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('captcha.title')}
      </h1>

      {phase === 'checking' ? (
        <div className={styles.center}>
          <Spinner label={t('captcha.verifying')} size="lg" />
        </div>
      ) : null}

      {phase === 'passed' ? (
        <div className={styles.center} role="status">
          <svg className={styles.checkmark} viewBox="0 0 52 52" aria-hidden="true">
            <circle className={styles.checkCircle} cx="26" cy="26" r="24" />
            <path className={styles.checkTick} d="M15 27 L23 35 L38 18" />
          </svg>
          <p className={styles.successText}>{t('captcha.success')}</p>
        </div>
      ) : null}

      {phase === 'invalid' ? (
        <>
          <div className={styles.center}>
            <p className={styles.invalidText}>{t('captcha.invalid')}</p>
            <Button variant="secondary" onClick={() => platform.close()}>
              {t('common.close')}
            </Button>
          </div>
          <Suspense fallback={null}>
            <LazyErrorDialog
              open
              onOpenChange={(open) => {
                if (!open) platform.close();
              }}
              variant="invalid"
              message={t('captcha.invalid')}
              titles={{
                invalid: t('dialog.titles.invalid'),
                failed: t('dialog.titles.failed'),
                restricted: t('dialog.titles.restricted'),
                error: t('dialog.titles.error'),
                deleted: t('dialog.titles.deleted'),
                success: t('dialog.titles.success'),
              }}
              okLabel={t('common.ok')}
            />
          </Suspense>
        </>
      ) : null}

      {phase === 'unavailable' ? (
        <ScreenUnavailable
          onRetry={() => {
            setPhase('checking');
            setAttempt((n) => n + 1);
          }}
          onBack={() => platform.close()}
        />
      ) : null}

      {phase === 'grid' && grid ? (
        <>
          <p id={instructionId} className={styles.instruction}>
            {t(`captcha.instructions.${grid.category}`)}
          </p>
          {failed ? (
            <p role="alert" className={styles.failed}>
              {t('captcha.failed')}
            </p>
          ) : null}
          <fieldset
            aria-labelledby={instructionId}
            aria-describedby={described ? hintId : undefined}
            className={styles.grid}
          >
            {grid.pictures.map((picture, cell) => {
              const picked = picks.includes(cell);
              const n = cell + 1;
              const words = grid.descriptions?.[cell];
              const description =
                described && words ? t(`captcha.descriptions.${words}` as MessageKey) : null;
              return (
                <button
                  // A new grid is new buttons (new addresses), not the old ones repainted.
                  key={picture}
                  ref={cell === 0 ? firstCell : undefined}
                  type="button"
                  className={styles.cell}
                  aria-pressed={picked}
                  aria-label={
                    description
                      ? t('captcha.pictureDescribed', { n, description })
                      : t('captcha.picture', { n })
                  }
                  onClick={() => toggle(cell)}
                >
                  <img
                    className={styles.picture}
                    src={safeUrl(client.captchaPictureUrl(picture)) ?? undefined}
                    alt=""
                    draggable={false}
                  />
                  {picked ? (
                    <span className={styles.mark} aria-hidden="true">
                      <CheckIcon />
                    </span>
                  ) : null}
                  {description ? (
                    <span className={styles.description} aria-hidden="true">
                      {description}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </fieldset>
          {described ? (
            <p id={hintId} className={styles.hint}>
              {t('captcha.describeHint')}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={refresh}
              disabled={sending || grid.refreshes_left === 0}
            >
              {t('captcha.refresh')}
            </Button>
            <Button onClick={submit} loading={sending}>
              {t('captcha.verify')}
            </Button>
          </div>
          <Button
            variant="ghost"
            aria-pressed={described}
            onClick={describe}
            className={styles.describe}
          >
            {t('captcha.describe')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
