/** The users list's model walk, part 2 of 2 (the walk itself: usersList.walk.tsx). */
import { walkUsersList } from './usersList.walk';

walkUsersList(1);
