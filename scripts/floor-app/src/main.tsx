// The floor of Botdeck's stack: the libraries the app must keep (React, react-dom, wouter, SWR,
// rosetta) rendering one routed list from one API answer, and nothing else. `npm run bench`
// builds it with the app's Vite settings and measures it beside the entry screens, in the same
// run, so the app's budgets are set against what its own stack costs on that machine that day.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import rosetta from 'rosetta';
import useSWR from 'swr';
import { Link, Route, Switch } from 'wouter';

interface Bot {
  id: number;
  name: string;
  username: string;
}

/** The bench's server answers it (scripts/bench.mjs), as the backend answers /api/selectBot. */
const FLOOR_API_PATH = '/floor-api/bots';

const i18n = rosetta({
  en: { title: 'Your bots', loading: 'Loading…', failed: 'Could not load', back: 'Back' },
});
i18n.locale('en');

const loadBots = async (path: string): Promise<Bot[]> => {
  const answer = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!answer.ok) throw new Error(`${answer.status}`);
  return answer.json();
};

function BotList() {
  const { data, error } = useSWR(FLOOR_API_PATH, loadBots);
  if (error) return <p role="alert">{i18n.t('failed')}</p>;
  if (!data) return <p>{i18n.t('loading')}</p>;
  return (
    <ul>
      {data.map((bot) => (
        <li key={bot.id}>
          <Link href={`/bot/${bot.id}`}>{bot.name}</Link> @{bot.username}
        </li>
      ))}
    </ul>
  );
}

function App() {
  return (
    <main>
      <h1>{i18n.t('title')}</h1>
      <Switch>
        <Route path="/bot/:id">
          <Link href="/">{i18n.t('back')}</Link>
        </Route>
        <Route>
          <BotList />
        </Route>
      </Switch>
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
