// /tabletItemPrice: the same price lookup as /tablet/itemPrice, reachable from the desktop menu.
export { default } from '../tablet/itemPrice';
