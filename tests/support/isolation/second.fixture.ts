import { checkAndLeaveLeftovers } from './leftovers';

checkAndLeaveLeftovers('second');
