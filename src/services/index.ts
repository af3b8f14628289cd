/**
 * The services the machines' implementations are built from. Created once by the composition root.
 */
import type { AppConfig } from './config';
import type { AppStorage } from './storage';
import type { AddressBar } from './address';
import type { IdentityService } from './identity';
import type { ProductApi } from './api';
import type { PaymentsService } from './payments';

export interface Services {
  config: AppConfig;
  storage: AppStorage;
  address: AddressBar;
  identity: IdentityService;
  api: ProductApi;
  payments: PaymentsService;
}
