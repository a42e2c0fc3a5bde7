/**
 * The spec's codes the checker reports are the product's own (packages/shared, spec point 4):
 * robots status, link element kind and response-code group, under the names the product uses.
 */
export {
  LinkElementKind,
  type LinkElementKindId,
  ResponseCodeGroup,
  type ResponseCodeGroupId,
  RobotsStatus,
  type RobotsStatusId,
} from '@linkwatch/shared/constants';

/** rel tokens that take a link out of "dofollow", in the order they are reported. */
export const NOFOLLOW_REL_TOKENS = ['nofollow', 'ugc', 'sponsored'] as const;
export const DOFOLLOW = 'dofollow';
