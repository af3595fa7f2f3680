export { showFormErrors } from '../../components/form-errors';
