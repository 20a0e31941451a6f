import type { useUsers } from '@botdeck/api';
import { offersViewMore } from '@botdeck/core';
import {
  Avatar,
  Button,
  EmptyState,
  List,
  ListItem,
  SearchIcon,
  SearchInput,
  Spinner,
  UsersIcon,
} from '@botdeck/ui';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import {
  isAdmin,
  LIST_TYPES,
  type Member,
  type UsersChange,
  type UserTab,
  withoutRepeats,
} from './user-tabs';
import styles from './users.module.css';

/** How long typing must pause before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

type UsersApi = ReturnType<typeof useUsers>;

export interface PeopleTabProps {
  tab: UserTab;
  /** The server's first page of this tab's list (it answers every change with it). */
  firstPage: readonly Member[];
  /** The last change the server made, for the pages loaded beyond the first. */
  change: UsersChange | null;
  search: UsersApi['search'];
  viewMore: UsersApi['viewMore'];
  /** The avatar address of a person with a photo. */
  photoUrl: (person: Member) => string | null;
  /** What sits at the end of a person's row: "Owner", "You" or their action menu. */
  trailing: (person: Member) => ReactNode;
}

/** The pages "View more" added after a list's (or a search's) first page. */
interface Pages {
  people: Member[];
  /** The server said nothing more is left (`max`). */
  ended: boolean;
}

const NO_PAGES: Pages = { people: [], ended: false };

/** A search's answer: for which query, its people (first page and those added) and its end. */
interface Found extends Pages {
  query: string;
}

/**
 * One tab of /users: its own search box, the list (or the search's results) with "View more",
 * and the empty, searching, no-match and failed states. Loaded pages follow the server's
 * changes (`change`) without asking again.
 */
export function PeopleTab({
  tab,
  firstPage,
  change,
  search,
  viewMore,
  photoUrl,
  trailing,
}: PeopleTabProps) {
  const { t } = useI18n();
  const { report } = useErrorReport();
  const type = LIST_TYPES[tab];
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const [sent, setSent] = useState('');
  const [pages, setPages] = useState<Pages>(NO_PAGES);
  const [found, setFound] = useState<Found | null>(null);
  const [searchFailed, setSearchFailed] = useState(false);
  const [searchRun, setSearchRun] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  /** Where the page stood when "View more" was pressed, and the first row it added. */
  const afterMore = useRef<{ scrollTop: number; focusId: number | null } | null>(null);

  // The query is sent once typing pauses; clearing the box returns to the list at once.
  useEffect(() => {
    if (typed === '') {
      setSent('');
      return;
    }
    const timer = setTimeout(() => setSent(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    // `searchRun` changes when a change moved someone into this tab: the results are asked again.
    void searchRun;
    if (sent === '') {
      setFound(null);
      setSearchFailed(false);
      return;
    }
    // A newer query (or leaving the search) aborts this one, so a stale answer never shows.
    const controller = new AbortController();
    setSearchFailed(false);
    search(type, sent, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setFound({ query: sent, people: answer.foundUsers, ended: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFound(null);
        setSearchFailed(true);
        report(error);
      },
    );
    return () => controller.abort();
  }, [sent, type, search, report, searchRun]);

  // Follows a change the server made beyond the first pages it answered with.
  const seq = change?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per change (its seq).
  useEffect(() => {
    if (!change) return;
    const follow = (people: Member[]) =>
      people.flatMap((person) => {
        if (person.id !== change.uid) return [person];
        if (change.from === tab) return [];
        if (change.permissions && isAdmin(person)) return [{ ...person, ...change.permissions }];
        return [person];
      });
    if (change.to === tab) {
      // Where the person lands in a longer list is the server's to say: start from its first page.
      setPages(NO_PAGES);
      if (sent !== '') setSearchRun((run) => run + 1);
    } else {
      setPages((current) => ({ ...current, people: follow(current.people) }));
    }
    setFound((current) => (current ? { ...current, people: follow(current.people) } : current));
  }, [seq]);

  const searching = typed !== '';
  const waiting = searching && (typed !== sent || (found?.query !== sent && !searchFailed));
  const people = searching
    ? (found?.people ?? [])
    : withoutRepeats([...firstPage, ...pages.people]);
  const ended = searching ? (found?.ended ?? true) : pages.ended;

  // After "View more": the page stays where it was, and focus moves to the first added row.
  useLayoutEffect(() => {
    const pending = afterMore.current;
    if (!pending || loadingMore) return;
    afterMore.current = null;
    const scroller = document.scrollingElement;
    if (scroller) scroller.scrollTop = pending.scrollTop;
    if (pending.focusId !== null) {
      listRef.current
        ?.querySelector<HTMLElement>(`[data-person="${pending.focusId}"]`)
        ?.focus({ preventScroll: true });
    }
  });

  const showMore = async () => {
    const shown = people.length;
    const input = searching ? found?.query : undefined;
    afterMore.current = { scrollTop: document.scrollingElement?.scrollTop ?? 0, focusId: null };
    setLoadingMore(true);
    try {
      const answer = await viewMore(type, shown, input);
      const added = answer.foundUsers;
      afterMore.current.focusId = added[0]?.id ?? null;
      if (input === undefined) {
        setPages((current) => ({
          people: withoutRepeats([...current.people, ...added]),
          ended: answer.max,
        }));
      } else {
        // An answer for a query no longer shown is dropped.
        setFound((current) =>
          current && current.query === input
            ? {
                ...current,
                people: withoutRepeats([...current.people, ...added]),
                ended: answer.max,
              }
            : current,
        );
      }
    } catch (error) {
      afterMore.current = null;
      report(error);
    } finally {
      setLoadingMore(false);
    }
  };

  const labelId = `users-${tab}-list`;
  let body: ReactNode;
  if (searching && waiting) {
    body = (
      <div className={styles.state}>
        <Spinner label={t('usersPage.searching')} />
      </div>
    );
  } else if (searching && searchFailed) {
    body = (
      <EmptyState
        icon={<SearchIcon />}
        title={t('errors.generic')}
        action={
          <Button variant="secondary" onClick={() => setSearchRun((run) => run + 1)}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (people.length === 0) {
    body = searching ? (
      <EmptyState
        icon={<SearchIcon />}
        title={t('usersPage.noMatches')}
        description={t('usersPage.noMatchesText', { query: found?.query ?? typed })}
      />
    ) : (
      <EmptyState
        icon={<UsersIcon />}
        title={t(`usersPage.empty.${tab}.title` as const)}
        description={t(`usersPage.empty.${tab}.text` as const)}
      />
    );
  } else {
    body = (
      <>
        <List ref={listRef} aria-label={t(`users.tabs.${tab}` as const)} className={styles.list}>
          {people.map((person) => (
            <ListItem
              key={person.id}
              data-person={person.id}
              // Focusable by script only: where focus goes after "View more" added this row.
              tabIndex={-1}
              className={styles.person}
              leading={<Avatar id={person.id} name={person.name} src={photoUrl(person)} />}
              name={person.name}
              description={
                person.username ? (
                  <span dir="ltr" className={styles.username}>
                    @{person.username}
                  </span>
                ) : undefined
              }
              trailing={trailing(person)}
            />
          ))}
        </List>
        {offersViewMore(people.length, ended) ? (
          <Button
            variant="secondary"
            fullWidth
            loading={loadingMore}
            className={styles.more}
            onClick={showMore}
          >
            {t('users.viewMore')}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.tab} aria-busy={waiting || loadingMore || undefined}>
      <SearchInput
        label={t(`usersPage.search.${tab}` as const)}
        clearLabel={t('usersPage.clearSearch')}
        value={query}
        onValueChange={setQuery}
      />
      <div id={labelId} className={styles.results}>
        {body}
      </div>
    </div>
  );
}
