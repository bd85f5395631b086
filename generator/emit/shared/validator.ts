/** The validator command every generated package ships, under one name in every ecosystem. */
export const VALIDATOR_COMMAND = 'element-model-validate';
