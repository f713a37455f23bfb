/** One refused field: its path as the request writes it (`rooms[0].guests`, `query.cursor`) and why. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}
