import { ROUTE_TABLE } from '../route-table';
import {
  testDriveActRequest,
  testDriveEndRequest,
  testDriveEndResponse,
  testDriveResponse,
  testDriveStartRequest,
  testDriveWaitRequest,
  testDriveWaitResponse,
} from '../schemas/test-drive';
import { endpoint } from './endpoint';

export const endpoints = {
  testDrive: {
    start: endpoint(ROUTE_TABLE.testDrive.start, testDriveStartRequest, testDriveResponse),
    act: endpoint(ROUTE_TABLE.testDrive.act, testDriveActRequest, testDriveResponse),
    wait: endpoint(ROUTE_TABLE.testDrive.wait, testDriveWaitRequest, testDriveWaitResponse),
    end: endpoint(ROUTE_TABLE.testDrive.end, testDriveEndRequest, testDriveEndResponse),
  },
};
