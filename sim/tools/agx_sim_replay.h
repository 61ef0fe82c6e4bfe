/*
 * agx-sim-run --render: replay a render-command capture (agx_sim_dump.h)
 * without the driver. See agx_sim_replay.c for the options.
 */
#ifndef AGX_SIM_REPLAY_H
#define AGX_SIM_REPLAY_H

/* argv[0] is the program, argv[1] "--render"; returns the exit status:
 * 0 success, 1 GPU error, 2 bad usage or input. */
int agx_sim_replay_main(int argc, char **argv);

#endif
