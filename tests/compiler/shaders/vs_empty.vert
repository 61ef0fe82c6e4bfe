#version 450
// A vertex shader that writes nothing (a depth-only pass would still write
// the position; this one exercises no_var).
void main()
{
}
