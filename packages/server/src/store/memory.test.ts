import { storeContract } from './contract.testing';
import { createMemoryStore } from './memory';

// The memory store keeps the same promises as the database: the handlers' tests and Storybook
// run on it, so a difference would pass there and fail on the server.
storeContract('memory', async () => createMemoryStore());
