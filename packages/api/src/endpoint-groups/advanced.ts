import { ROUTE_TABLE } from '../route-table';
import {
  addRequirementRequest,
  advancedRequest,
  advancedResponse,
  advancedSaveRequest,
  advancedSaveResponse,
  removeRequirementRequest,
  requirementsResponse,
} from '../schemas/advanced';
import { endpoint } from './endpoint';

export const endpoints = {
  advanced: endpoint(ROUTE_TABLE.advanced, advancedRequest, advancedResponse),
  saveAdvanced: endpoint(ROUTE_TABLE.saveAdvanced, advancedSaveRequest, advancedSaveResponse),
  addRequirement: endpoint(ROUTE_TABLE.addRequirement, addRequirementRequest, requirementsResponse),
  removeRequirement: endpoint(
    ROUTE_TABLE.removeRequirement,
    removeRequirementRequest,
    requirementsResponse,
  ),
};
