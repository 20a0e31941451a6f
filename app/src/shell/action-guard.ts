import { useBotRole } from '@botdeck/api';
import { type BotAction, type BotRole, mayDo } from '@botdeck/core';
import { useMemo } from 'react';
import { useErrorReport } from './error-reporting';

export interface ActionGuard {
  /**
   * Whether the viewer may make the change, as far as the app knows: true when the role is not
   * known (after a reload deep in the app), since then the server decides.
   */
  may: (action: BotAction) => boolean;
  /**
   * True when the viewer may make the change; otherwise shows the restricted dialog ("You don't
   * have permission to do this") and returns false, so the caller makes no call.
   */
  guard: (action: BotAction) => boolean;
}

/**
 * Core's map of who may do what (BOT_ACTIONS), applied to the viewer's role on `botId` from the
 * dashboard answer, so a change the viewer may not make is refused without a round trip. The
 * server refuses by the same map, and its refusal shows the same dialog (error-reporting.tsx).
 * `ownRole` is the role the screen's own answer tells (the bot page's), for a screen opened at
 * its address, before any dashboard.
 */
export function useActionGuard(botId: number | null, ownRole?: BotRole): ActionGuard {
  const role = useBotRole(botId) ?? ownRole;
  const { refuse } = useErrorReport();
  return useMemo(() => {
    const may = (action: BotAction) => role === undefined || mayDo(role, action);
    return {
      may,
      guard: (action) => {
        if (may(action)) return true;
        refuse();
        return false;
      },
    };
  }, [role, refuse]);
}
