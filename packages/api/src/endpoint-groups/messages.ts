import * as z from 'zod/mini';
import { MESSAGES_PATHS, type MessagesPath, ROUTE_TABLE } from '../route-table';
import {
  messagesAddRequest,
  messagesChangeResponse,
  messagesDeleteRequest,
  messagesRequest,
  messagesResponse,
  uploadMessageData,
  uploadMessageResponse,
} from '../schemas/messages';
import { endpoint } from './endpoint';

function messagesEndpoints(name: MessagesPath) {
  const routes = ROUTE_TABLE.messages[name];
  return {
    read: endpoint(routes.read, messagesRequest, messagesResponse),
    add: endpoint(routes.add, messagesAddRequest, messagesChangeResponse),
    remove: endpoint(routes.remove, messagesDeleteRequest, messagesChangeResponse),
  };
}

export const endpoints = {
  messages: Object.fromEntries(MESSAGES_PATHS.map((name) => [name, messagesEndpoints(name)])) as {
    [K in MessagesPath]: ReturnType<typeof messagesEndpoints>;
  },
  uploadMessage: endpoint(
    ROUTE_TABLE.uploadMessage,
    z.object({ msgdata: uploadMessageData }),
    uploadMessageResponse,
  ),
};
