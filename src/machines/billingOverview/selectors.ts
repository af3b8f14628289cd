export { selectData as selectOverview, selectError, selectIsEmpty, selectIsLoading } from '../load';
