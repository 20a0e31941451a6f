import { ListScreen } from './list-screen';

/** /startpayload?bot=: the bot's start payloads. */
export default function StartPayloadsScreen() {
  return <ListScreen kind="startPayload" />;
}
