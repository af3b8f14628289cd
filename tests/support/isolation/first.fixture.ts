import { checkAndLeaveLeftovers } from './leftovers';

checkAndLeaveLeftovers('first');
