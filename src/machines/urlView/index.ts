/** The URL-view plumbing shared by the screens whose view lives in the address bar (users list, activity). */
export { defineUrlView, oneOf, pageNumber, text, type UrlField, type UrlViewCodec } from './codec';
export { watchUrlPlaceholder, writeUrlPlaceholder, writeView, type UrlChanged, type UrlWrite } from './plumbing';
