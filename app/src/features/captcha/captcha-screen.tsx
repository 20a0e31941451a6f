import { isApiError, useCaptcha } from '@botdeck/api';
import { CAPTCHA_PASSED_KEY, drawCaptchaGrid, judgeCaptchaPicks } from '@botdeck/core';
import { usePlatform } from '@botdeck/platform';
import { Button, CheckIcon, Spinner } from '@botdeck/ui';
import { Suspense, use, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import captchaTexts from '../../../../locales/en.json?screen=captcha';
import { type MessageKey, ScreenTexts, useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import { LazyErrorDialog } from '../../shell/lazy-parts';
import styles from './captcha.module.css';
import { CaptchaWaitContext } from './captcha-wait';
import { firstSeed, freshSeed, GridSeedContext } from './grid-seeds';
import { CaptchaPicture } from './pictures';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { captcha: captchaTexts };

/**
 * Where the page stands: checking a returning person's stored flag (the first two seconds),
 * the grid, passed (the checkmark, then the window closes) or invalid (the server said close).
 */
type Phase = 'checking' | 'grid' | 'passed' | 'invalid';

/**
 * /captcha?id=&msg=: the picture captcha a new group member opens from the bot's message. The
 * page judges the picks with core's rule and sends its verdict with the grid and the picks, so
 * the server can judge them too (docs/api.md).
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
  const { verify } = useCaptcha();
  const nextSeed = use(GridSeedContext);
  const wait = use(CaptchaWaitContext);
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const msgId = search.get('msg') ?? '';
  const known = id !== '' && msgId !== '';

  const [phase, setPhase] = useState<Phase>(known ? 'checking' : 'invalid');
  const [seed, setSeed] = useState(() => firstSeed(nextSeed, `${id}:${msgId}`));
  const [picks, setPicks] = useState<readonly number[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [described, setDescribed] = useState(false);
  const titleId = useId();
  const instructionId = useId();
  const hintId = useId();
  const firstCell = useRef<HTMLButtonElement>(null);

  // On load: wait, then ask the server whether the stored flag lets this person through.
  useEffect(() => {
    if (!known) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const flag = await platform.cloudStorage.getItem(CAPTCHA_PASSED_KEY).catch(() => null);
      try {
        await verify({ id, msg_id: msgId, correct: flag === '1' });
        if (!cancelled) setPhase((now) => (now === 'checking' ? 'passed' : now));
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error) && error.close) setPhase('invalid');
        else {
          // A refused flag (or none) is the usual case: the person solves the grid.
          if (!isApiError(error) || error.kind !== 'server') report(error);
          setPhase((now) => (now === 'checking' ? 'grid' : now));
        }
      }
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [known, id, msgId, platform, verify, report, wait]);

  // Passed: the checkmark shows, then the window closes.
  useEffect(() => {
    if (phase !== 'passed') return;
    const timer = setTimeout(() => platform.close(), wait);
    return () => clearTimeout(timer);
  }, [phase, platform, wait]);

  const grid = drawCaptchaGrid(seed);

  const newGrid = () => {
    setSeed((previous) => freshSeed(nextSeed, previous));
    setPicks([]);
  };

  const toggle = (cell: number) => {
    setPicks((current) =>
      current.includes(cell) ? current.filter((c) => c !== cell) : [...current, cell].sort(),
    );
  };

  const refresh = () => {
    setFailed(false);
    newGrid();
  };

  const submit = async () => {
    if (sending) return;
    setSending(true);
    setFailed(false);
    try {
      await verify({
        id,
        msg_id: msgId,
        correct: judgeCaptchaPicks(seed, picks),
        grid: seed,
        picks: [...picks],
      });
      // The flag lets this person through next time; not keeping it costs only a new grid then.
      await platform.cloudStorage.setItem(CAPTCHA_PASSED_KEY, '1').catch(() => undefined);
      platform.haptic.notification('success');
      setPhase('passed');
    } catch (error) {
      if (isApiError(error) && error.close) setPhase('invalid');
      else if (isApiError(error) && error.kind === 'server') {
        platform.haptic.notification('error');
        setFailed(true);
        newGrid();
        firstCell.current?.focus();
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

      {phase === 'grid' ? (
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
              const description = t(`captcha.descriptions.p${picture}` as MessageKey);
              return (
                <button
                  // A new grid is new buttons, not the old ones repainted.
                  key={`${seed}-${picture}`}
                  ref={cell === 0 ? firstCell : undefined}
                  type="button"
                  className={styles.cell}
                  aria-pressed={picked}
                  aria-label={
                    described
                      ? t('captcha.pictureDescribed', { n, description })
                      : t('captcha.picture', { n })
                  }
                  onClick={() => toggle(cell)}
                >
                  <CaptchaPicture picture={picture} />
                  {picked ? (
                    <span className={styles.mark} aria-hidden="true">
                      <CheckIcon />
                    </span>
                  ) : null}
                  {described ? (
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
            <Button variant="secondary" onClick={refresh} disabled={sending}>
              {t('captcha.refresh')}
            </Button>
            <Button onClick={submit} loading={sending}>
              {t('captcha.verify')}
            </Button>
          </div>
          <Button
            variant="ghost"
            aria-pressed={described}
            onClick={() => setDescribed((on) => !on)}
            className={styles.describe}
          >
            {t('captcha.describe')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
